// bob: a right answer in C++. Fills forced cells (only one candidate) first, then
// guesses on the cell with the fewest candidates and backtracks on a copy.
#include <array>
#include <bitset>
#include <iostream>
#include <string>

using Grid = std::array<int, 81>;

static int candidates(const Grid &g, int i) {
	int used = 0, r = i / 9, c = i % 9, br = r / 3 * 3, bc = c / 3 * 3;
	for (int k = 0; k < 9; k++) {
		used |= 1 << g[r * 9 + k];
		used |= 1 << g[k * 9 + c];
		used |= 1 << g[(br + k / 3) * 9 + bc + k % 3];
	}
	return 0x3fe & ~used;
}

static bool consistent(const Grid &g) {
	for (int i = 0; i < 81; i++) {
		if (!g[i])
			continue;
		Grid h = g;
		h[i] = 0;
		if (!(candidates(h, i) & (1 << g[i])))
			return false;
	}
	return true;
}

static bool solve(Grid &g) {
	for (;;) { // propagate forced cells
		bool changed = false;
		for (int i = 0; i < 81; i++) {
			if (g[i])
				continue;
			int m = candidates(g, i);
			if (m == 0)
				return false;
			if (std::bitset<16>(m).count() == 1) {
				for (int d = 1; d <= 9; d++)
					if (m == 1 << d)
						g[i] = d;
				changed = true;
			}
		}
		if (!changed)
			break;
	}
	int best = -1;
	size_t bestN = 10;
	for (int i = 0; i < 81; i++) {
		if (g[i])
			continue;
		size_t n = std::bitset<16>(candidates(g, i)).count();
		if (n < bestN)
			best = i, bestN = n;
	}
	if (best < 0)
		return true;
	int m = candidates(g, best);
	for (int d = 1; d <= 9; d++) {
		if (!(m & (1 << d)))
			continue;
		Grid h = g;
		h[best] = d;
		if (solve(h)) {
			g = h;
			return true;
		}
	}
	return false;
}

static void print(const Grid &g) {
	for (int r = 0; r < 9; r++) {
		if (r == 3 || r == 6)
			std::cout << '\n';
		for (int c = 0; c < 9; c++) {
			if (c == 3 || c == 6)
				std::cout << ' ';
			std::cout << (g[r * 9 + c] ? char('0' + g[r * 9 + c]) : '-');
		}
		std::cout << '\n';
	}
}

int main() {
	Grid g{};
	int n = 0;
	char ch;
	while (n < 81 && std::cin.get(ch)) {
		if (ch == '-')
			g[n++] = 0;
		else if (ch >= '1' && ch <= '9')
			g[n++] = ch - '0';
	}
	std::cout << "The original puzzle:\n\n";
	print(g);
	std::cout << '\n';
	Grid s = g;
	if (consistent(g) && solve(s)) {
		std::cout << "Solution:\n\n";
		print(s);
		std::cout << "\nThe puzzle was solved.\n";
	} else {
		std::cout << "The puzzle is unsolvable.\n";
	}
}
