/* hlsight's software model of Vivado/Vitis' ap_shift_reg (see README.md). */
#ifndef HLSIGHT_AP_SHIFT_REG_H
#define HLSIGHT_AP_SHIFT_REG_H

/* A shift register of _AP_N values of _AP_T (UG1399 "Shift Registers",
 * UG902 "Inferring Shift Registers"): shift(in, addr, enable) returns the
 * value at addr as it was, then, when enabled, moves every value one place
 * up and puts in at place 0; read(addr) returns the value at addr. */
template <typename _AP_T, unsigned int _AP_N = 32>
class ap_shift_reg {
    _AP_T cells[_AP_N];

public:
    ap_shift_reg() : cells() {}
    explicit ap_shift_reg(const char *) : cells() {}

    _AP_T shift(_AP_T in, unsigned int addr = _AP_N - 1, bool enable = true) {
        _AP_T out = cells[addr];
        if (enable) {
            for (unsigned int i = _AP_N - 1; i > 0; --i) cells[i] = cells[i - 1];
            cells[0] = in;
        }
        return out;
    }

    _AP_T read(unsigned int addr = _AP_N - 1) const { return cells[addr]; }
};

#endif
