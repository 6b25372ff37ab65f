"""Recording: the recorder, traced arrays (ADArray, ADComplex), MakeTape and replay."""
from numtape.trace import recorder
from numtape.trace.adarray import ADArray
from numtape.trace.complex import complex_elementwise

recorder.install(ADArray, complex_elementwise)
