"""The statistical layer: newton, laplace, MakeADFun, sdreport, distributions (README.md,
"Random effects: newton, laplace, MakeADFun, sdreport")."""
