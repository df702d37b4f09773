// Instrumented helper of opt_suppressions.c: a write in another source file.
void helper_write(int *p) {
  p[0] = 1;
}
