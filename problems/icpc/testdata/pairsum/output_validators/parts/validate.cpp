#include <fstream>
#include <iostream>
#include <string>
#include "verdict.h"

int main(int argc, char **argv) {
	if (argc < 4) return 2;
	feedback_dir = argv[3];
	bool strict = argc > 4 && std::string(argv[4]) == "strict";
	std::ifstream in(argv[1]);
	long long n;
	if (!(in >> n)) return 3;
	long long a, b;
	if (!(std::cin >> a >> b)) reject("expected two integers");
	if (a <= 0 || b <= 0) reject("parts must be positive, got " + std::to_string(a) + " and " + std::to_string(b));
	if (a + b != n) reject("parts sum to " + std::to_string(a + b) + ", not " + std::to_string(n));
	std::string extra;
	if (strict && (std::cin >> extra)) reject("trailing output: " + extra);
	accept("ok");
}
