// intset.h, second version: the same operations as the handed-out one over
// another representation. A program that compiles with the first version but
// not with this one reaches into the representation of the sets.

#ifndef INTSET_H
#define INTSET_H

struct SetOfSmallInts
{
  bool in[32];
  SetOfSmallInts();
};

extern const SetOfSmallInts emptySet;

bool isEmpty(SetOfSmallInts s);
bool isSingleton(SetOfSmallInts s);
int onlyMember(SetOfSmallInts s);
int smallest(SetOfSmallInts s);
bool member(int x, SetOfSmallInts s);
int size(SetOfSmallInts s);
SetOfSmallInts rangeSet(int x, int y);
SetOfSmallInts singletonSet(int x);
SetOfSmallInts setUnion(SetOfSmallInts s, SetOfSmallInts t);
SetOfSmallInts setIntersection(SetOfSmallInts s, SetOfSmallInts t);
SetOfSmallInts setDifference(SetOfSmallInts s, SetOfSmallInts t);
SetOfSmallInts insert(int x, SetOfSmallInts s);
SetOfSmallInts remove(int x, SetOfSmallInts s);

#endif
