/* hlsight's software model of Vitis' hls::vector (see README.md). */
#ifndef HLSIGHT_HLS_VECTOR_H
#define HLSIGHT_HLS_VECTOR_H

#include <cstddef>
#include <initializer_list>

namespace hls {
/* _AP_N elements of _AP_T, operated on element by element (UG1399
 * "Vector Data Types"): a scalar assigned or combined with a vector stands
 * for every element */
template <typename _AP_T, std::size_t _AP_N>
class vector {
    _AP_T elements[_AP_N];

public:
    vector() : elements() {}
    vector(const _AP_T &value) { for (std::size_t i = 0; i < _AP_N; i++) elements[i] = value; }
    vector(std::initializer_list<_AP_T> values) : elements() {
        std::size_t i = 0;
        for (const _AP_T &value : values) { if (i < _AP_N) elements[i++] = value; }
    }

    _AP_T &operator[](std::size_t index) { return elements[index]; }
    const _AP_T &operator[](std::size_t index) const { return elements[index]; }

#define HLSIGHT_VECTOR_OP(op) \
    vector &operator op##=(const vector &rhs) { \
        for (std::size_t i = 0; i < _AP_N; i++) elements[i] op##= rhs.elements[i]; \
        return *this; \
    } \
    vector &operator op##=(const _AP_T &rhs) { \
        for (std::size_t i = 0; i < _AP_N; i++) elements[i] op##= rhs; \
        return *this; \
    } \
    friend vector operator op(vector lhs, const vector &rhs) { return lhs op##= rhs; } \
    friend vector operator op(vector lhs, const _AP_T &rhs) { return lhs op##= rhs; } \
    friend vector operator op(const _AP_T &lhs, const vector &rhs) { return vector(lhs) op##= rhs; }
    HLSIGHT_VECTOR_OP(+) HLSIGHT_VECTOR_OP(-) HLSIGHT_VECTOR_OP(*) HLSIGHT_VECTOR_OP(/)
#undef HLSIGHT_VECTOR_OP

    vector operator-() const {
        vector out;
        for (std::size_t i = 0; i < _AP_N; i++) out.elements[i] = -elements[i];
        return out;
    }
};
}

#endif
