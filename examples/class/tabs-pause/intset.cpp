// intset.cpp: sets of small integers (1 to 31) kept as bits of a word.

#include "intset.h"

const SetOfSmallInts emptySet;

static SetOfSmallInts fromBits(unsigned b)
{
  SetOfSmallInts s;
  s.val = b;
  return s;
}

bool isEmpty(SetOfSmallInts s) { return s.val == 0; }

bool isSingleton(SetOfSmallInts s)
{
  return s.val != 0 && (s.val & (s.val - 1)) == 0;
}

int onlyMember(SetOfSmallInts s)
{
  return isSingleton(s) ? smallest(s) : 0;
}

int smallest(SetOfSmallInts s)
{
  for(int x = 1; x < 32; x++)
  {
    if(member(x, s)) return x;
  }
  return 0;
}

bool member(int x, SetOfSmallInts s)
{
  return x > 0 && x < 32 && (s.val >> x & 1u) != 0;
}

int size(SetOfSmallInts s) { return __builtin_popcount(s.val); }

SetOfSmallInts rangeSet(int x, int y)
{
  SetOfSmallInts s;
  for(int k = x; k <= y; k++) s = insert(k, s);
  return s;
}

SetOfSmallInts singletonSet(int x) { return insert(x, emptySet); }

SetOfSmallInts setUnion(SetOfSmallInts s, SetOfSmallInts t)
{
  return fromBits(s.val | t.val);
}

SetOfSmallInts setIntersection(SetOfSmallInts s, SetOfSmallInts t)
{
  return fromBits(s.val & t.val);
}

SetOfSmallInts setDifference(SetOfSmallInts s, SetOfSmallInts t)
{
  return fromBits(s.val & ~t.val);
}

SetOfSmallInts insert(int x, SetOfSmallInts s)
{
  return fromBits(s.val | 1u << x);
}

SetOfSmallInts remove(int x, SetOfSmallInts s)
{
  return fromBits(s.val & ~(1u << x));
}
