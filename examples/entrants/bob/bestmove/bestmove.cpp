// bob's Battleship best move in C++: right when no ship has been hit, wrong
// otherwise. It always counts every possible placement over every empty square, as
// if hits told nothing, so it never follows up a hit ship.
#include <cstdio>
#include <map>

int main() {
	const std::map<char, int> length = {{'A', 5}, {'B', 4}, {'D', 3}, {'S', 3}, {'P', 2}};
	int sets;
	if (scanf("%d", &sets) != 1)
		return 1;
	printf("Analyzing %d data set(s)\n", sets);
	for (int k = 1; k <= sets; k++) {
		int ships, grid[10][10], value[10][10] = {};
		char names[5];
		scanf("%d", &ships);
		for (int i = 0; i < ships; i++)
			scanf(" %c", &names[i]);
		for (int r = 0; r < 10; r++)
			for (int c = 0; c < 10; c++)
				scanf("%d", &grid[r][c]);
		for (int i = 0; i < ships; i++) {
			int n = length.at(names[i]);
			for (int down = 0; down < 2; down++)
				for (int r = 0; r + (down ? n : 1) <= 10; r++)
					for (int c = 0; c + (down ? 1 : n) <= 10; c++) {
						bool ok = true;
						for (int j = 0; j < n; j++) {
							int v = grid[r + (down ? j : 0)][c + (down ? 0 : j)];
							ok = ok && (v == 0 || v == 2);
						}
						for (int j = 0; ok && j < n; j++)
							value[r + (down ? j : 0)][c + (down ? 0 : j)]++;
					}
		}
		int best = -1;
		for (int r = 0; r < 10; r++)
			for (int c = 0; c < 10; c++)
				if (grid[r][c] == 0 && value[r][c] > best)
					best = value[r][c];
		printf("Data Set %d\nBest Move Value: %d at", k, best);
		const char *sep = " ";
		for (int r = 0; r < 10; r++)
			for (int c = 0; c < 10; c++)
				if (grid[r][c] == 0 && value[r][c] == best) {
					printf("%s%c%d", sep, 'A' + c, r + 1);
					sep = ", ";
				}
		printf("\n");
	}
	return 0;
}
