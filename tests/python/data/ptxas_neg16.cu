// ptxas of CUDA 13.0 (sm_90) sign-extends the result of a 16-bit negation without wrapping it
// first: a neg.s16 followed by cvt.s32.s16 becomes the negation of the sign-extended operand,
// so that -(-32768) as a short reads back as 32768 where the right value is -32768.
extern "C" __global__ void neg16(const short *x, int *out) {
    short negated = (short)(0 - (unsigned short)x[threadIdx.x]);
    out[threadIdx.x] = negated;
}
