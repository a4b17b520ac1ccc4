// expect: compile time limit
// A template explosion: every level instantiates two of the next.
template <int N> struct B {
	static const long v = B<N - 1>::v + B<N - 2>::v + sizeof(B<N - 1>) ;
	B<N - 1> a;
	B<N - 2> b;
};
template <> struct B<0> { static const long v = 1; };
template <> struct B<1> { static const long v = 1; };
template <int D, int W> struct X {
	static const long v = X<D - 1, W * 2 + 1>::v + X<D - 1, W * 2>::v;
};
template <int W> struct X<0, W> { static const long v = W; };
int main() { return (int)X<40, 1>::v; }
