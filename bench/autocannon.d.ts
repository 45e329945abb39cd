// autocannon ships no types; the benchmark reads a few fields of its result.
declare module 'autocannon';
