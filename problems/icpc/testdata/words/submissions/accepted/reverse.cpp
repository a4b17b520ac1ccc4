#include <iostream>
#include <string>
#include <vector>
int main() {
	std::vector<std::string> w;
	std::string s;
	while (std::cin >> s) w.push_back(s);
	for (size_t i = w.size(); i-- > 0;) std::cout << w[i] << (i ? " " : "\n");
}
