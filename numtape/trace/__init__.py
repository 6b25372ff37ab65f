"""Recording: the recorder, traced arrays (ADArray, ADComplex), MakeTape and replay."""
