// Battleships by backtracking over the ships: longest first, every position across
// and down, ships of equal length in increasing position order so that no grid is
// tried twice. A ship may go only where every cell is still open (not water, not
// next to a ship already placed), its row and column counts allow it and the revealed
// cells agree with the part it would put there. After each placement every row and
// column must still have room for its count, and every revealed ship part that is
// not yet covered must still be coverable.
#include <iostream>
#include <sstream>
#include <string>
#include <vector>
using namespace std;

int N, M;
vector<string> hint, grid;   // hint: revealed cells; grid: the answer being built
vector<int> rowLeft, colLeft, ships;
vector<vector<int>> blocked; // how many placed ships cover or touch a cell

bool open(int r, int c) { return blocked[r][c] == 0 && hint[r][c] != '.'; }
bool isPart(char h) { return h != ' ' && h != '.'; }

char part(int len, int i, bool down) {
    if (len == 1) return 'O';
    if (i == 0) return down ? '^' : '<';
    if (i == len - 1) return down ? 'v' : '>';
    return '+';
}

// mark adds d to the blocked count of the ship's cells and the ring around them.
void mark(int r, int c, int len, bool down, int d) {
    int r2 = down ? r + len - 1 : r, c2 = down ? c : c + len - 1;
    for (int i = max(r - 1, 0); i <= min(r2 + 1, N - 1); i++)
        for (int j = max(c - 1, 0); j <= min(c2 + 1, M - 1); j++) blocked[i][j] += d;
}

bool fits(int r, int c, int len, bool down) {
    int r2 = down ? r + len - 1 : r, c2 = down ? c : c + len - 1;
    if (r2 >= N || c2 >= M) return false;
    if (down ? colLeft[c] < len : rowLeft[r] < len) return false;
    for (int i = 0; i < len; i++) {
        int y = down ? r + i : r, x = down ? c : c + i;
        if (!open(y, x) || (down ? rowLeft[y] : colLeft[x]) < 1) return false;
        char h = hint[y][x];
        if (h != ' ' && h != 'X' && h != part(len, i, down)) return false;
    }
    // No revealed ship part may lie in the ring around the ship.
    for (int i = max(r - 1, 0); i <= min(r2 + 1, N - 1); i++)
        for (int j = max(c - 1, 0); j <= min(c2 + 1, M - 1); j++) {
            bool inside = i >= r && i <= r2 && j >= c && j <= c2;
            if (!inside && isPart(hint[i][j])) return false;
        }
    return true;
}

void place(int r, int c, int len, bool down, bool on) {
    mark(r, c, len, down, on ? 1 : -1);
    for (int i = 0; i < len; i++) {
        int y = down ? r + i : r, x = down ? c : c + i;
        grid[y][x] = on ? part(len, i, down) : '.';
        rowLeft[y] -= on ? 1 : -1;
        colLeft[x] -= on ? 1 : -1;
    }
}

// stillPossible checks that every row and column has room for the parts it still
// needs, and needs at least as many as it has revealed parts left to cover.
bool stillPossible() {
    vector<int> colRoom(M, 0), colHints(M, 0);
    for (int r = 0; r < N; r++) {
        int room = 0, hints = 0;
        for (int c = 0; c < M; c++) {
            bool uncovered = isPart(hint[r][c]) && grid[r][c] == '.';
            if (open(r, c)) room++, colRoom[c]++;
            else if (uncovered) return false;
            if (uncovered) hints++, colHints[c]++;
        }
        if (room < rowLeft[r] || hints > rowLeft[r]) return false;
    }
    for (int c = 0; c < M; c++)
        if (colRoom[c] < colLeft[c] || colHints[c] > colLeft[c]) return false;
    return true;
}

bool solve(size_t k, int from) {
    if (k == ships.size()) return stillPossible();
    int len = ships[k];
    if (k == 0 || ships[k - 1] != len) from = 0;
    for (int p = from; p < N * M * 2; p++) {
        int r = p / 2 / M, c = p / 2 % M;
        bool down = p % 2;
        if (len == 1 && down) continue;
        if (!fits(r, c, len, down)) continue;
        place(r, c, len, down, true);
        if (stillPossible() && solve(k + 1, p + 1)) return true;
        place(r, c, len, down, false);
    }
    return false;
}

int main() {
    vector<string> lines;
    string line;
    while (getline(cin, line)) lines.push_back(line);
    istringstream fleet(lines[0].substr(7));
    string entry;
    while (fleet >> entry) {
        size_t x = entry.find('x');
        int len = stoi(entry.substr(0, x)), count = stoi(entry.substr(x + 1));
        for (int i = 0; i < count; i++) ships.push_back(len);
    }
    M = (lines[1].size()) / 2;
    for (size_t i = 2; i < lines.size() && lines[i][0] == '|'; i++) {
        hint.push_back(lines[i].substr(1, 2 * M - 1));
        rowLeft.push_back(stoi(lines[i].substr(2 * M + 2)));
    }
    N = hint.size();
    for (auto &h : hint) {   // keep only the cells: column j at 2j
        string cells;
        for (int j = 0; j < M; j++) cells += h[2 * j];
        h = cells;
    }
    istringstream cols(lines[N + 3]);
    colLeft.assign(M, 0);
    for (int j = 0; j < M; j++) cols >> colLeft[j];
    grid.assign(N, string(M, '.'));
    blocked.assign(N, vector<int>(M, 0));
    solve(0, 0);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) lines[i + 2][1 + 2 * j] = grid[i][j];
    for (auto &l : lines) cout << l << '\n';
}
