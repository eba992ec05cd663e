// studodds's high-hand batch kernel (studodds/eval/batch.py: the row read as 16-bit words
// of card pairs, the check, the flush table or the perfect hash) written again in C++, on
// studodds's own tables: for scripts/bench_eval.py --diagnose, which writes the tables and
// the hands to files and times this beside numba's kernel and OMPEval. If the two
// studodds figures agree, what separates studodds from OMPEval is not numba's code.
//
// Usage: time_studodds_high TABLES_DIR HANDS.bin; prints "<M hands/s of CPU time, best
// of 3> <checksum>".
// TABLES_DIR holds pair_keys.bin (int64[65536][2]: each 16-bit word's key and suit bits),
// hash_card.bin (int64[256][2]: each byte's, the key's bias in it: batch.HASH_CARD_BIASED),
// hash_offsets.bin (int32, a row's offset),
// high_by_slot.bin and flush_high.bin (int32), and constants.txt: HASH_KEY_BIAS
// HASH_FLUSH_BITS HASH_ROW_SHIFT HASH_SUIT_SHIFT.
#include <immintrin.h>

#include <ctime>
#include <cstdint>
#include <cstdio>
#include <cstring>
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
    const auto pairs = read_all<__m128i>(dir + "/pair_keys.bin");
    const auto card = read_all<__m128i>(dir + "/hash_card.bin");
    const auto offsets = read_all<int32_t>(dir + "/hash_offsets.bin");
    const auto high = read_all<int32_t>(dir + "/high_by_slot.bin");
    const auto flush_high = read_all<int32_t>(dir + "/flush_high.bin");
    const auto cards = read_all<uint8_t>(argv[2]);
    unsigned long long bias, flush_bits, row_shift, suit_shift;
    std::FILE* constants = std::fopen((dir + "/constants.txt").c_str(), "r");
    if (!constants || std::fscanf(constants, "%llu %llu %llu %llu", &bias, &flush_bits,
                                  &row_shift, &suit_shift) != 4 ||
        pairs.size() != 65536 || card.size() != 256 || cards.empty())
        return 2;
    std::fclose(constants);

    const long n = cards.size() / 7;
    std::vector<int32_t> values(n);
    (void)bias;  // in the odd byte's table (hash_card.bin), as in batch.py
    double best = 1e30;
    unsigned long checksum = 0;  // read back, so that no loop is optimized away
    for (int round = 0; round < 3; ++round) {
        const std::clock_t began = std::clock();  // CPU time, as bench_eval.py's side
        for (long i = 0; i < n; ++i) {
            const uint8_t* c = &cards[i * 7];
            uint16_t w0, w1, w2;  // little-endian words: first card in the low byte
            std::memcpy(&w0, c, 2);
            std::memcpy(&w1, c + 2, 2);
            std::memcpy(&w2, c + 4, 2);
            __m128i sum = _mm_add_epi64(_mm_add_epi64(card[c[6]], pairs[w0]), pairs[w1]);
            sum = _mm_add_epi64(sum, pairs[w2]);
            const uint64_t key = _mm_cvtsi128_si64(sum);
            const uint64_t suits = _mm_extract_epi64(sum, 1);
            int32_t value;
            if (__builtin_popcountll(suits) != 7) {
                value = -1;  // not seven distinct cards
            } else if (key & flush_bits) {
                // the suit from the key itself, as batch.hash_flush_suit does
                const int suit = __builtin_ctzll((key >> (suit_shift + 3)) & 0x1111) / 4;
                value = flush_high[(suits >> (16 * suit)) & 0x1fff];
            } else {
                const uint32_t low = static_cast<uint32_t>(key);  // 32-bit add: wraps onto the slot
                value = high[low + static_cast<uint32_t>(offsets[low >> row_shift])];
            }
            values[i] = value;
        }
        const double took = double(std::clock() - began) / CLOCKS_PER_SEC;
        if (took < best) best = took;
        for (long i = 0; i < n; i += 1000) checksum += values[i];
    }
    std::printf("%.1f %lu\n", n / best / 1e6, checksum);
    return 0;
}
