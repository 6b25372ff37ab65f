# Reference numbers for tests/test_glmm.py, from glmmTMB 1.1.5 (R) on its own and lme4's
# shipped data.  Run from the repository root:  Rscript tools/glmm_references.R
# Writes the data as CSV under tests/data/ and the numbers to /tmp/glmm_references.json, whose
# values tests/test_glmm.py holds (REF).
suppressMessages({library(glmmTMB); library(lme4); library(jsonlite)})
data(Salamanders, package = "glmmTMB")
sal <- Salamanders[, c("site", "mined", "spp", "count", "sample")]
sal$present <- as.integer(sal$count > 0)
write.csv(sal, "tests/data/salamanders.csv", row.names = FALSE)
write.csv(sleepstudy, "tests/data/sleepstudy.csv", row.names = FALSE)
write.csv(cbpp, "tests/data/cbpp.csv", row.names = FALSE)
write.csv(Penicillin, "tests/data/penicillin.csv", row.names = FALSE)
write.csv(Pastes[, c("strength", "batch", "cask")], "tests/data/pastes.csv", row.names = FALSE)
cbpp$prop <- cbpp$incidence / cbpp$size
ctl <- glmmTMBControl()   # the defaults
models <- list(
  sal_poisson = glmmTMB(count ~ spp + mined + (1 | site), sal, family = poisson, control = ctl),
  sal_nbinom2 = glmmTMB(count ~ spp + mined + (1 | site), sal, family = nbinom2, control = ctl),
  sal_binary = glmmTMB(present ~ mined + (1 | site), sal, family = binomial, control = ctl),
  sal_offset = glmmTMB(count ~ mined + (1 | site), sal, family = poisson, offset = log(sample),
                       control = ctl),
  sleep_us = glmmTMB(Reaction ~ Days + (Days | Subject), sleepstudy, REML = FALSE, control = ctl),
  sleep_diag = glmmTMB(Reaction ~ Days + diag(Days | Subject), sleepstudy, REML = FALSE,
                       control = ctl),
  sleep_gamma = glmmTMB(Reaction ~ Days + (1 | Subject), sleepstudy, family = Gamma(link = "log"),
                        control = ctl),
  cbpp_binomial = glmmTMB(cbind(incidence, size - incidence) ~ period + (1 | herd), cbpp,
                          family = binomial, control = ctl),
  cbpp_prop = glmmTMB(prop ~ period + (1 | herd), cbpp, weights = size, family = binomial,
                      control = ctl),
  penicillin_crossed = glmmTMB(diameter ~ 1 + (1 | plate) + (1 | sample), Penicillin,
                               REML = FALSE, control = ctl),
  pastes_nested = glmmTMB(strength ~ 1 + (1 | batch/cask), Pastes, REML = FALSE, control = ctl))
out <- lapply(models, function(m) {
  vc <- VarCorr(m)$cond
  s <- summary(m)
  list(logLik = as.numeric(logLik(m)), df = attr(logLik(m), "df"), nobs = nobs(m),
       AIC = AIC(m), BIC = BIC(m),
       fixef = as.list(fixef(m)$cond), se = as.list(sqrt(diag(vcov(m)$cond))),
       sd = lapply(vc, function(v) as.list(attr(v, "stddev"))),
       corr = lapply(vc, function(v) { r <- attr(v, "correlation"); r[lower.tri(r)] }),
       sigma = sigma(m), theta = m$fit$par[names(m$fit$par) == "theta"],
       ranef = lapply(ranef(m, condVar = TRUE)$cond, function(r) as.list(r)),
       condsd = lapply(ranef(m, condVar = TRUE)$cond, function(r) {
         v <- attr(r, "condVar"); if (is.list(v)) v <- v[[1]]
         if (length(dim(v)) == 3) sqrt(v[1, 1, ]) else sqrt(as.numeric(v)) }),
       pred_link = head(predict(m), 5), pred_link_se = head(predict(m, se.fit = TRUE)$se.fit, 5),
       pred_pop = head(predict(m, re.form = NA), 5),
       pred_pop_se = head(predict(m, re.form = NA, se.fit = TRUE)$se.fit, 5),
       pearson = head(residuals(m, type = "pearson"), 5),
       response = head(residuals(m, type = "response"), 5))
})
ci <- function(m, method) { r <- confint(m, method = method); list(rows = rownames(r), lower = r[, 1], upper = r[, 2]) }
out$cbpp_binomial$confint_wald <- ci(models$cbpp_binomial, "wald")
out$cbpp_binomial$confint_profile <- ci(models$cbpp_binomial, "profile")
out$sal_levels <- levels(sal$site)
out$anova_sal <- as.list(as.data.frame(anova(models$sal_poisson, models$sal_nbinom2)))
writeLines(toJSON(out, digits = 15, auto_unbox = TRUE, pretty = TRUE), "/tmp/glmm_references.json")   # pasted into tests/test_glmm.py
print(warnings()); cat("done\n")
