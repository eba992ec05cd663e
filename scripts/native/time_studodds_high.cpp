// studodds's high-hand evaluation (evaluate_batch's kernel for 7-card high hands, the row
// check included) written again in C++, on studodds's own tables: for scripts/bench_eval.py
// --diagnose, which writes the tables and the hands to files and times this beside numba's
// kernel and OMPEval. If the two studodds figures agree, what separates studodds from
// OMPEval is the tables' design, not numba's code.
//
// Usage: time_studodds_high TABLES_DIR HANDS.bin; prints "<M hands/s, best of 3> <checksum>".
// TABLES_DIR holds key_and_suit_bit.bin (int64[256][2]: each byte's key and suit bit),
// hi_base.bin (uint32), lo_pos.bin (uint16), high.bin and flush_high.bin (int32), and
// constants.txt: KEY_BIAS FLUSH_BITS HI_SHIFT HI_FIELD LO_SHIFT LO_FIELD.
#include <immintrin.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

template <class T>
static std::vector<T> read_all(const std::string& name) {
    std::vector<T> data;
    std::FILE* in = std::fopen(name.c_str(), "rb");
    if (!in) return data;
    std::fseek(in, 0, SEEK_END);
    data.resize(std::ftell(in) / sizeof(T));
    std::fseek(in, 0, SEEK_SET);
    if (std::fread(data.data(), sizeof(T), data.size(), in) != data.size()) data.clear();
    std::fclose(in);
    return data;
}

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: time_studodds_high TABLES_DIR HANDS.bin\n");
        return 2;
    }
    const std::string dir = argv[1];
    const auto card = read_all<__m128i>(dir + "/key_and_suit_bit.bin");
    const auto hi_base = read_all<uint32_t>(dir + "/hi_base.bin");
    const auto lo_pos = read_all<uint16_t>(dir + "/lo_pos.bin");
    const auto high = read_all<int32_t>(dir + "/high.bin");
    const auto flush_high = read_all<int32_t>(dir + "/flush_high.bin");
    const auto cards = read_all<uint8_t>(argv[2]);
    unsigned long long bias, flush_bits, hi_shift, hi_field, lo_shift, lo_field;
    std::FILE* constants = std::fopen((dir + "/constants.txt").c_str(), "r");
    if (!constants || std::fscanf(constants, "%llu %llu %llu %llu %llu %llu", &bias, &flush_bits,
                                  &hi_shift, &hi_field, &lo_shift, &lo_field) != 6 ||
        card.size() != 256 || cards.empty())
        return 2;
    std::fclose(constants);

    const long n = cards.size() / 7;
    std::vector<int32_t> values(n);
    const __m128i start = _mm_set_epi64x(0, static_cast<long long>(bias));
    double best = 1e30;
    unsigned long checksum = 0;  // read back, so that no loop is optimized away
    for (int round = 0; round < 3; ++round) {
        const auto began = std::chrono::steady_clock::now();
        for (long i = 0; i < n; ++i) {
            const uint8_t* c = &cards[i * 7];
            __m128i sum = _mm_add_epi64(start, card[c[0]]);
            for (int j = 1; j < 7; ++j) sum = _mm_add_epi64(sum, card[c[j]]);
            const uint64_t key = _mm_cvtsi128_si64(sum);
            const uint64_t suits = _mm_extract_epi64(sum, 1);
            int32_t value;
            if (__builtin_popcountll(suits) != 7) {
                value = -1;  // not seven distinct cards
            } else if (key & flush_bits) {
                const int suit = __builtin_ctzll(key & flush_bits) / 4;
                value = flush_high[(suits >> (16 * suit)) & 0x1fff];
            } else {
                value = high[hi_base[(key >> hi_shift) & hi_field] +
                             lo_pos[(key >> lo_shift) & lo_field]];
            }
            values[i] = value;
        }
        const std::chrono::duration<double> took = std::chrono::steady_clock::now() - began;
        if (took.count() < best) best = took.count();
        for (long i = 0; i < n; i += 1000) checksum += values[i];
    }
    std::printf("%.1f %lu\n", n / best / 1e6, checksum);
    return 0;
}
