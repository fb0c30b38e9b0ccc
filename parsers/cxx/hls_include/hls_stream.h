/* hlsight's software model of hls::stream<_AP_T> (see README.md): an unbounded
 * FIFO; read() of an empty stream prints a message and returns _AP_T() as the
 * vendor's C simulation does (it aborts there in newer releases). */
#ifndef HLSIGHT_HLS_STREAM_H
#define HLSIGHT_HLS_STREAM_H

#include <deque>
#include <stdio.h>
/* what the vendor's header includes (all releases: <queue> <iostream> <typeinfo> <string>
 * <sstream>), which code written against it may use without including (hls4ml's
 * nnet_helpers.h: std::istringstream) */
#include <iostream>
#include <queue>
#include <sstream>
#include <string>
#include <typeinfo>

namespace hls {
/* stream<_AP_T> (_AP_DEPTH 0) holds the FIFO; stream<_AP_T, _AP_DEPTH> derives from it, as
 * in the vendor's header, so a stream<_AP_T, 1024> passes where a function
 * takes stream<_AP_T>& (a public Vitis 2022.1 userdma was rejected by clang). */
template <typename _AP_T, int _AP_DEPTH = 0>
class stream;

template <typename _AP_T>
class stream<_AP_T, 0> {
    std::deque<_AP_T> items;
    std::string label;
public:
    stream() {}
    explicit stream(const char *name) : label(name) {}
    stream(const stream &) = delete;
    stream &operator=(const stream &) = delete;
    bool empty() const { return items.empty(); }
    bool full() const { return false; }
    unsigned size() const { return (unsigned)items.size(); }
    void write(const _AP_T &value) { items.push_back(value); }
    bool write_nb(const _AP_T &value) { write(value); return true; }
    _AP_T read() {
        if (items.empty()) {
            fprintf(stderr, "hls::stream '%s' read while empty\n", label.c_str());
            return _AP_T();
        }
        _AP_T value = items.front();
        items.pop_front();
        return value;
    }
    void read(_AP_T &value) { value = read(); }
    bool read_nb(_AP_T &value) {
        if (items.empty()) return false;
        value = read();
        return true;
    }
    void operator>>(_AP_T &value) { value = read(); }
    void operator<<(const _AP_T &value) { write(value); }
};

template <typename _AP_T, int _AP_DEPTH>
class stream : public stream<_AP_T, 0> {
public:
    stream() {}
    explicit stream(const char *name) : stream<_AP_T, 0>(name) {}
};
}  // namespace hls

#endif
