// Times OMPEval's HandEvaluator (github:zekyll/OMPEval) on the 7-card hands of a file, for
// scripts/bench_eval.py --native: the file holds N hands of 7 uint8 card ids each
// (rank * 4 + suit, 2c = 0 ... As = 51, as in studodds). Prints "<M hands/s of CPU time,
// best of 3> <checksum>" and, given a second file name, writes each hand's value there
// (uint16, larger is stronger) so that the two evaluators' orders can be compared.
//
// Built by bench_eval.py: g++ -O3 -march=native -std=c++14 -I OMPEVAL time_ompeval.cpp
// OMPEVAL/omp/HandEvaluator.cpp. With -DKEY_ONLY (bench_eval.py --diagnose) each hand's
// value is only its rank key or flush key, no table looked up: what OMPEval's lookups cost
// is the difference.
#include <omp/HandEvaluator.h>

#include <ctime>
#include <cstdint>
#include <cstdio>
#include <vector>

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: time_ompeval HANDS.bin [VALUES.bin]\n");
        return 2;
    }
    std::FILE* in = std::fopen(argv[1], "rb");
    if (!in) return 2;
    std::fseek(in, 0, SEEK_END);
    const long n = std::ftell(in) / 7;
    std::fseek(in, 0, SEEK_SET);
    std::vector<uint8_t> cards(n * 7);
    const bool read = std::fread(cards.data(), 1, cards.size(), in) == cards.size();
    std::fclose(in);
    if (!read) return 2;

    omp::HandEvaluator evaluator;
    std::vector<uint16_t> values(n);
    double best = 1e30;
    unsigned long checksum = 0;  // read back, so that no loop is optimized away
    for (int round = 0; round < 3; ++round) {
        const std::clock_t start = std::clock();  // CPU time, as bench_eval.py's side
        for (long i = 0; i < n; ++i) {
            const uint8_t* c = &cards[i * 7];
            omp::Hand hand = omp::Hand::empty() + omp::Hand(c[0]) + omp::Hand(c[1]) +
                             omp::Hand(c[2]) + omp::Hand(c[3]) + omp::Hand(c[4]) +
                             omp::Hand(c[5]) + omp::Hand(c[6]);
#ifdef KEY_ONLY
            values[i] = static_cast<uint16_t>(hand.hasFlush() ? hand.flushKey() : hand.rankKey());
#else
            values[i] = evaluator.evaluate(hand);
#endif
        }
        const double took = double(std::clock() - start) / CLOCKS_PER_SEC;
        if (took < best) best = took;
        for (long i = 0; i < n; i += 1000) checksum += values[i];
    }
    if (argc > 2) {
        std::FILE* out = std::fopen(argv[2], "wb");
        if (!out) return 2;
        std::fwrite(values.data(), sizeof(uint16_t), n, out);
        std::fclose(out);
    }
    std::printf("%.1f %lu\n", n / best / 1e6, checksum);
    return 0;
}
