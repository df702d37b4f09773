"""MPISync's lit test format (test/lit.cfg.py loads it from here, so that
lit's worker processes can unpickle it)."""
import os
import shlex

import lit.formats
import lit.TestRunner


class QuotedPathsShTest(lit.formats.ShTest):
    """ShTest whose %s, %S, %p, %t and %T are quoted for the shell when they
    need it: lit substitutes them as they are, so a checkout whose path has
    spaces would split them into several words. Paths without special
    characters are substituted unchanged. A path in an MPISYNC_OPTIONS value
    is quoted for the options parser too (\"%t.log\"), see docs/testing.md.
    """

    def execute(self, test, litConfig):
        tmp_dir, tmp_base = lit.TestRunner.getTempPaths(test)
        source = test.getSourcePath()
        paths = [("%s", source), ("%S", os.path.dirname(source)),
                 ("%p", os.path.dirname(source)), ("%t", tmp_base + ".tmp"),
                 ("%T", tmp_dir)]
        # Ahead of the suite's own substitutions: the look-ahead leaves
        # %python, %plugin, ... to them.
        quoted = [(k + "(?![A-Za-z0-9_])", shlex.quote(v).replace("\\", "\\\\"))
                  for k, v in paths]
        return lit.TestRunner.executeShTest(
            test, litConfig, self.execute_external,
            quoted + self.extra_substitutions, self.preamble_commands)
