// intset.h: sets of small integers, handed out with the assignment.
// Students use only the operations declared here.

#ifndef INTSET_H
#define INTSET_H

struct SetOfSmallInts
{
  unsigned val;
  SetOfSmallInts() : val(0) {}
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
