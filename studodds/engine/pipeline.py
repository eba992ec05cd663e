"""A numba compiler pipeline for the serial kernels: the default one plus copy propagation.

Inlining a helper (inline="always") binds each of its array parameters to a new variable,
a copy of the caller's array; numba counts references on every copy, and in a loop the
copies' increments and decrements stay (one pair per helper call a trial), measured at
2.5x the time of a Monte Carlo deal. parallel=True never showed it because its parfor pass
propagates copies first; this pipeline runs the same simplification (numba's
ir_utils.simplify: copy propagation, dead code, CFG) without the rest of parfor.
"""

from __future__ import annotations

from numba.core import ir_utils
from numba.core.compiler import CompilerBase, DefaultPassBuilder
from numba.core.compiler_machinery import FunctionPass, register_pass
from numba.core.typed_passes import NopythonRewrites

from ..config import NUMBA_OPTIONS, NumbaOptions


@register_pass(mutates_CFG=True, analysis_only=False)
class PropagateCopies(FunctionPass):
    _name = "studodds_propagate_copies"

    def __init__(self):
        FunctionPass.__init__(self)

    def run_pass(self, state):
        ir_utils.simplify(state.func_ir, state.typemap, state.calltypes, state.metadata)
        return True


class SerialKernelCompiler(CompilerBase):
    def define_pipelines(self):
        pm = DefaultPassBuilder.define_nopython_pipeline(self.state)
        pm.add_pass_after(PropagateCopies, NopythonRewrites)
        pm.finalize()
        return [pm]


# The options of every kernel that runs its items first..last-1 (chunked.run_chunked).
KERNEL_OPTIONS: NumbaOptions = {**NUMBA_OPTIONS, "pipeline_class": SerialKernelCompiler}
