/* hlsight's software model of Vitis' hls::burst_maxi<_AP_T> (see README.md):
 * an m_axi argument the kernel reads and writes through explicit burst
 * requests (UG1399, "Using Manual Burst"): read_request(offset, len) then len
 * read()s; write_request(offset, len), len write()s, write_response(). The
 * C simulation reads and writes the testbench's array the pointer names, at
 * the offset of the last request; the request length is not checked. */
#ifndef HLSIGHT_HLS_BURST_MAXI_H
#define HLSIGHT_HLS_BURST_MAXI_H

#include <stddef.h>
#include "ap_int.h"

namespace hls {
template <typename _AP_T>
class burst_maxi {
    _AP_T *base;
    size_t read_at, write_at;
public:
    burst_maxi(_AP_T *pointer) : base(pointer), read_at(0), write_at(0) {}
    void read_request(size_t offset, unsigned len) { read_at = offset; (void)len; }
    _AP_T read() { return base[read_at++]; }
    void write_request(size_t offset, unsigned len) { write_at = offset; (void)len; }
    void write(const _AP_T &value) { base[write_at++] = value; }
    template <int _AP_W>
    void write(const _AP_T &value, const ap_uint<_AP_W> &byteenable) {
        /* only the enabled bytes of the element change, as on the bus */
        unsigned char *to = (unsigned char *)&base[write_at++];
        const unsigned char *from = (const unsigned char *)&value;
        for (size_t byte = 0; byte < sizeof(_AP_T) && byte < 64; byte++)
            if (((unsigned long long)byteenable >> byte) & 1ULL) to[byte] = from[byte];
    }
    void write_response() {}
};
}  // namespace hls

#endif
