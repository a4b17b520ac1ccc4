// intset.cpp, second version: a set is an array of flags.

#include "intset.h"

SetOfSmallInts::SetOfSmallInts()
{
  for(int x = 0; x < 32; x++) in[x] = false;
}

const SetOfSmallInts emptySet;

bool member(int x, SetOfSmallInts s) { return x > 0 && x < 32 && s.in[x]; }

int size(SetOfSmallInts s)
{
  int n = 0;
  for(int x = 1; x < 32; x++) n += s.in[x];
  return n;
}

bool isEmpty(SetOfSmallInts s) { return size(s) == 0; }
bool isSingleton(SetOfSmallInts s) { return size(s) == 1; }

int smallest(SetOfSmallInts s)
{
  for(int x = 1; x < 32; x++)
  {
    if(s.in[x]) return x;
  }
  return 0;
}

int onlyMember(SetOfSmallInts s) { return isSingleton(s) ? smallest(s) : 0; }

SetOfSmallInts insert(int x, SetOfSmallInts s)
{
  if(x > 0 && x < 32) s.in[x] = true;
  return s;
}

SetOfSmallInts remove(int x, SetOfSmallInts s)
{
  if(x > 0 && x < 32) s.in[x] = false;
  return s;
}

SetOfSmallInts rangeSet(int x, int y)
{
  SetOfSmallInts s;
  for(int k = x; k <= y; k++) s = insert(k, s);
  return s;
}

SetOfSmallInts singletonSet(int x) { return insert(x, emptySet); }

SetOfSmallInts setUnion(SetOfSmallInts s, SetOfSmallInts t)
{
  for(int x = 1; x < 32; x++) s.in[x] = s.in[x] || t.in[x];
  return s;
}

SetOfSmallInts setIntersection(SetOfSmallInts s, SetOfSmallInts t)
{
  for(int x = 1; x < 32; x++) s.in[x] = s.in[x] && t.in[x];
  return s;
}

SetOfSmallInts setDifference(SetOfSmallInts s, SetOfSmallInts t)
{
  for(int x = 1; x < 32; x++) s.in[x] = s.in[x] && !t.in[x];
  return s;
}
