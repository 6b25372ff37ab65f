"""The statistical layer: newton, laplace, MakeADFun, sdreport, distributions (SPEC 4)."""
