// Name: Gil Global
// Course: CSCI 3300, section 001
// Assignment: Programming Assignment 2 (Sudoku)
// Tab stops: this file holds no tabs.

#include <iostream>
#include "intset.h"
using namespace std;

// Define DEBUG to compile the traces in; tracing then turns them on.
//#define DEBUG
bool tracing = false;
int guesses;

typedef SetOfSmallInts Puzzle[9][9];
typedef SetOfSmallInts* PuzzleSection[9];
enum SolutionStatus {solved, unsolvable, working};

SolutionStatus solver(Puzzle p);

// copyPuzzle(q, p) stores a copy of puzzle p into q.

void copyPuzzle(Puzzle q, Puzzle p)
{
  for(int i = 0; i < 9; i++)
  {
    for(int j = 0; j < 9; j++)
    {
      q[i][j] = p[i][j];
    }
  }
}

// getRow(R, p, i) makes R point at the cells of row i of p.

void getRow(PuzzleSection R, Puzzle p, int i)
{
  for(int j = 0; j < 9; j++)
  {
    R[j] = &(p[i][j]);
  }
}

// getColumn(R, p, j) makes R point at the cells of column j of p.

void getColumn(PuzzleSection R, Puzzle p, int j)
{
  for(int i = 0; i < 9; i++)
  {
    R[i] = &(p[i][j]);
  }
}

// getSquare(R, p, k) makes R point at the cells of square k of p,
// squares and cells numbered left to right, top to bottom.

void getSquare(PuzzleSection R, Puzzle p, int k)
{
  for(int i = 0; i < 9; i++)
  {
    R[i] = &(p[k - k%3 + i/3][3*(k%3) + i%3]);
  }
}

// readPuzzle(p) reads a puzzle from the standard input into p: a digit
// becomes the set holding it, a dash the set {1,...,9}.

void readPuzzle(Puzzle p)
{
  for(int i = 0; i < 9; i++)
  {
    for(int j = 0; j < 9; j++)
    {
      char c = '-';
      cin >> c;
      if(c >= '1' && c <= '9')
      {
        p[i][j] = singletonSet(c - '0');
      }
      else
      {
        p[i][j] = rangeSet(1, 9);
      }
    }
  }
}

// printPuzzle(p) writes p on the standard output in the spaced style:
// a singleton as its member, an empty set as 0, any other set as '-'.

void printPuzzle(Puzzle p)
{
  for(int i = 0; i < 9; i++)
  {
    if(i == 3 || i == 6)
    {
      cout << '\n';
    }
    for(int j = 0; j < 9; j++)
    {
      if(j == 3 || j == 6)
      {
        cout << ' ';
      }
      if(isSingleton(p[i][j]))
      {
        cout << onlyMember(p[i][j]);
      }
      else if(isEmpty(p[i][j]))
      {
        cout << '0';
      }
      else
      {
        cout << '-';
      }
    }
    cout << '\n';
  }
}

// showPuzzle(p) writes every member of every set of p, for debugging,
// one row of p per line in aligned columns; an empty set shows as 0.

void showPuzzle(Puzzle p)
{
  for(int i = 0; i < 9; i++)
  {
    for(int j = 0; j < 9; j++)
    {
      int shown = 0;
      for(int k = 1; k <= 9; k++)
      {
        if(member(k, p[i][j]))
        {
          cout << k;
          shown++;
        }
      }
      if(shown == 0)
      {
        cout << '0';
        shown = 1;
      }
      for(; shown < 10; shown++)
      {
        cout << ' ';
      }
    }
    cout << '\n';
  }
}

// tacticOneOnSection(sec) removes the member of every singleton set of
// sec from the other sets of sec. It returns true if it changed a set.

bool tacticOneOnSection(PuzzleSection sec)
{
  bool changed = false;
  for(int i = 0; i < 9; i++)
  {
    if(isSingleton(*(sec[i])))
    {
      int k = onlyMember(*(sec[i]));
      for(int j = 0; j < 9; j++)
      {
        if(j != i && member(k, *(sec[j])))
        {
          *(sec[j]) = remove(k, *(sec[j]));
          changed = true;
        }
      }
    }
  }
  return changed;
}

// tacticOne(p) runs tacticOneOnSection on every row, column and square
// of p. It returns true if it changed any set of p.

bool tacticOne(Puzzle p)
{
  PuzzleSection sec;
  bool changed = false;
#ifdef DEBUG
  if(tracing)
  {
    cout << "tacticOne: the puzzle before\n";
    showPuzzle(p);
  }
#endif
  for(int j = 0; j < 9; j++)
  {
    getRow(sec, p, j);
    changed = tacticOneOnSection(sec) || changed;
    getColumn(sec, p, j);
    changed = tacticOneOnSection(sec) || changed;
    getSquare(sec, p, j);
    changed = tacticOneOnSection(sec) || changed;
  }
#ifdef DEBUG
  if(tracing)
  {
    cout << "tacticOne: the puzzle after, changed = " << changed << '\n';
    showPuzzle(p);
  }
#endif
  return changed;
}

// tacticTwoOnSection(sec) makes a set {k} of the only set of sec that
// holds k, for each k from 1 to 9 held by exactly one set of sec that is
// not already {k}. It returns true if it changed a set.

bool tacticTwoOnSection(PuzzleSection sec)
{
  bool changed = false;
  for(int k = 1; k <= 9; k++)
  {
    int count = 0;
    int where = 0;
    for(int i = 0; i < 9; i++)
    {
      if(member(k, *(sec[i])))
      {
        count++;
        where = i;
      }
    }
    if(count == 1 && !isSingleton(*(sec[where])))
    {
      *(sec[where]) = singletonSet(k);
      changed = true;
    }
  }
  return changed;
}

// tacticTwo(p) runs tacticTwoOnSection on every row, column and square
// of p. It returns true if it changed any set of p.

bool tacticTwo(Puzzle p)
{
  PuzzleSection sec;
  bool changed = false;
  for(int j = 0; j < 9; j++)
  {
    getRow(sec, p, j);
    changed = tacticTwoOnSection(sec) || changed;
    getColumn(sec, p, j);
    changed = tacticTwoOnSection(sec) || changed;
    getSquare(sec, p, j);
    changed = tacticTwoOnSection(sec) || changed;
  }
#ifdef DEBUG
  if(tracing)
  {
    cout << "tacticTwo: the puzzle after, changed = " << changed << '\n';
    showPuzzle(p);
  }
#endif
  return changed;
}

// isSolved(p) returns true if every set of p is a singleton.

bool isSolved(Puzzle p)
{
  for(int i = 0; i < 9; i++)
  {
    for(int j = 0; j < 9; j++)
    {
      if(!isSingleton(p[i][j]))
      {
        return false;
      }
    }
  }
  return true;
}

// hasEmptySet(p) returns true if some set of p is empty.

bool hasEmptySet(Puzzle p)
{
  for(int i = 0; i < 9; i++)
  {
    for(int j = 0; j < 9; j++)
    {
      if(isEmpty(p[i][j]))
      {
        return true;
      }
    }
  }
  return false;
}

// tacticThree(p) tries each member of the first non-singleton set of p
// in turn, solving a copy of p with it. It returns solved, with the
// solution stored in p, or unsolvable if no member leads to a solution.

SolutionStatus tacticThree(Puzzle p)
{
  for(int i = 0; i < 9; i++)
  {
    for(int j = 0; j < 9; j++)
    {
      if(!isSingleton(p[i][j]))
      {
        for(int k = 1; k <= 9; k++)
        {
          if(member(k, p[i][j]))
          {
            Puzzle q;
            copyPuzzle(q, p);
            q[i][j] = singletonSet(k);
            guesses++;
#ifdef DEBUG
            if(tracing)
            {
              cout << "tacticThree: trying p[" << i << "][" << j
                   << "] = " << k << '\n';
            }
#endif
            if(solver(q) == solved)
            {
              copyPuzzle(p, q);
              return solved;
            }
#ifdef DEBUG
            if(tracing)
            {
              cout << "tacticThree: p[" << i << "][" << j << "] = " << k
                   << " did not work\n";
            }
#endif
          }
        }
        return unsolvable;
      }
    }
  }
  return solved;
}

// solver(p) solves puzzle p in place, running tactics one and two
// until they change nothing, then tactic three. It returns solved when
// p is solved and unsolvable when p has no solution. A puzzle counts
// as solved only once tactic one finds nothing to remove, so that two
// equal singletons in a section are never taken for a solution.

SolutionStatus solver(Puzzle p)
{
  bool progress = true;
  while(progress)
  {
    progress = tacticOne(p);
    progress = tacticTwo(p) || progress;
    if(hasEmptySet(p))
    {
      return unsolvable;
    }
  }
  if(isSolved(p))
  {
    return solved;
  }
  return tacticThree(p);
}

int main()
{
  Puzzle p;
  readPuzzle(p);
  cout << "The original puzzle:\n\n";
  printPuzzle(p);
  cout << '\n';
  if(solver(p) == solved)
  {
    cout << "Solution:\n\n";
    printPuzzle(p);
    cout << "\nThe puzzle was solved.\n";
  }
  else
  {
    cout << "The puzzle is unsolvable.\n";
  }
  return 0;
}
