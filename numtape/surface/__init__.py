"""The NumPy surface: NumPy functions on traced arrays, the np.linalg front end and nt.linalg,
and the scipy.special functions NumPy's protocols cannot reach."""
