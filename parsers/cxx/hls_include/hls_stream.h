/* hlsight's software model of hls::stream<T> (see README.md): an unbounded
 * FIFO; read() of an empty stream prints a message and returns T() as the
 * vendor's C simulation does (it aborts there in newer releases). */
#ifndef HLSIGHT_HLS_STREAM_H
#define HLSIGHT_HLS_STREAM_H

#include <deque>
#include <stdio.h>
#include <string>

namespace hls {
/* stream<T> (DEPTH 0) holds the FIFO; stream<T, DEPTH> derives from it, as
 * in the vendor's header, so a stream<T, 1024> passes where a function
 * takes stream<T>& (a public Vitis 2022.1 userdma was rejected by clang). */
template <typename T, int DEPTH = 0>
class stream;

template <typename T>
class stream<T, 0> {
    std::deque<T> items;
    std::string label;
public:
    stream() {}
    explicit stream(const char *name) : label(name) {}
    stream(const stream &) = delete;
    stream &operator=(const stream &) = delete;
    bool empty() const { return items.empty(); }
    bool full() const { return false; }
    unsigned size() const { return (unsigned)items.size(); }
    void write(const T &value) { items.push_back(value); }
    bool write_nb(const T &value) { write(value); return true; }
    T read() {
        if (items.empty()) {
            fprintf(stderr, "hls::stream '%s' read while empty\n", label.c_str());
            return T();
        }
        T value = items.front();
        items.pop_front();
        return value;
    }
    void read(T &value) { value = read(); }
    bool read_nb(T &value) {
        if (items.empty()) return false;
        value = read();
        return true;
    }
    void operator>>(T &value) { value = read(); }
    void operator<<(const T &value) { write(value); }
};

template <typename T, int DEPTH>
class stream : public stream<T, 0> {
public:
    stream() {}
    explicit stream(const char *name) : stream<T, 0>(name) {}
};
}  // namespace hls

#endif
