# Reference numbers for tests/test_glmm_families.py, from glmmTMB (R) on its own shipped data
# and one simulated beta-regression data set.  Run from the repository root:
#     Rscript tools/glmm_references_families.R
# Writes the data as CSV under tests/data/ and the numbers to /tmp/glmm_references_families.json,
# whose values tests/test_glmm_families.py holds (REF).
suppressMessages({library(glmmTMB); library(jsonlite)})
data(Owls, package = "glmmTMB")
owls <- Owls[, c("Nest", "FoodTreatment", "SexParent", "SiblingNegotiation", "BroodSize")]
write.csv(owls, "tests/data/owls.csv", row.names = FALSE)
data(Salamanders, package = "glmmTMB")
sal <- Salamanders[, c("site", "mined", "spp", "count", "sample", "DOY")]
write.csv(sal, "tests/data/salamanders_doy.csv", row.names = FALSE)
set.seed(20261126)
g <- factor(rep(sprintf("g%02d", 1:15), each = 12))
x <- round(rnorm(length(g)), 4)
mu <- plogis(-0.4 + 0.8 * x + rnorm(15, 0, 0.5)[as.integer(g)])
y <- round(rbeta(length(g), mu * 12, (1 - mu) * 12), 6)
beta_sim <- data.frame(y = y, x = x, g = g)
write.csv(beta_sim, "tests/data/beta_sim.csv", row.names = FALSE)
sleep <- lme4::sleepstudy
ctl <- glmmTMBControl()
models <- list(
  owls_nbinom1 = glmmTMB(SiblingNegotiation ~ FoodTreatment * SexParent + (1 | Nest) +
                           offset(log(BroodSize)), owls, family = nbinom1, control = ctl),
  owls_nbinom1_zi = glmmTMB(SiblingNegotiation ~ FoodTreatment * SexParent + (1 | Nest) +
                              offset(log(BroodSize)), owls, family = nbinom1, ziformula = ~1,
                            control = ctl),
  sal_zipoisson = glmmTMB(count ~ spp * mined + (1 | site), sal, family = poisson,
                          ziformula = ~spp * mined, control = ctl),
  sal_zinbinom2 = glmmTMB(count ~ spp * mined + (1 | site), sal, family = nbinom2,
                          ziformula = ~spp * mined, control = ctl),
  sal_hurdle_poisson = glmmTMB(count ~ spp * mined + (1 | site), sal,
                               family = truncated_poisson, ziformula = ~spp * mined,
                               control = ctl),
  sal_hurdle_nbinom2 = glmmTMB(count ~ spp + mined + (1 | site), sal,
                               family = truncated_nbinom2, ziformula = ~spp + mined,
                               control = ctl),
  sal_disp = glmmTMB(count ~ mined + (1 | site), sal, family = nbinom2, dispformula = ~DOY,
                     control = ctl),
  sleep_disp = glmmTMB(Reaction ~ Days + (1 | Subject), sleep, dispformula = ~Days,
                       control = ctl),
  sleep_gamma_disp = glmmTMB(Reaction ~ Days + (1 | Subject), sleep,
                             family = Gamma(link = "log"), dispformula = ~Days, control = ctl),
  beta_sim = glmmTMB(y ~ x + (1 | g), beta_sim, family = beta_family(), control = ctl),
  sleep_reml = glmmTMB(Reaction ~ Days + (Days | Subject), sleep, REML = TRUE, control = ctl),
  sleep_ar1 = glmmTMB(Reaction ~ Days + ar1(factor(Days) + 0 | Subject), sleep,
                      control = ctl),
  sleep_cs = glmmTMB(Reaction ~ Days + (1 | Subject) + cs(factor(Days) + 0 | Subject), sleep,
                     control = ctl))
out <- lapply(models, function(m) {
  f <- fixef(m)
  se <- lapply(vcov(m), function(v) if (is.null(v) || length(v) == 0) list() else as.list(sqrt(diag(v))))
  vc <- VarCorr(m)$cond
  list(logLik = as.numeric(logLik(m)), df = attr(logLik(m), "df"), AIC = AIC(m),
       cond = as.list(f$cond), zi = as.list(f$zi), disp = as.list(f$disp),
       se_cond = se$cond, se_zi = se$zi, se_disp = se$disp,
       sigma = sigma(m),
       sd = lapply(vc, function(v) as.list(attr(v, "stddev"))),
       corr = lapply(vc, function(v) { r <- attr(v, "correlation"); r[lower.tri(r)] }),
       theta = m$fit$par[names(m$fit$par) == "theta"],
       betad = m$fit$par[names(m$fit$par) == "betad"])
})
writeLines(toJSON(out, digits = 15, auto_unbox = TRUE, pretty = TRUE),
           "/tmp/glmm_references_families.json")
print(warnings()); cat("done\n")

# pearson: residuals(type = "pearson") of the zero and dispersion models (PEARSON_REF)
rows <- function(name) if (name == "sal_disp") c(1:6, 101:106) else c(1:6, 301:306)
pearson <- sapply(c("owls_nbinom1_zi", "sal_zipoisson", "sal_zinbinom2", "sal_hurdle_poisson",
                    "sal_hurdle_nbinom2", "sal_disp"), function(name) {
  r <- residuals(models[[name]], type = "pearson")
  list(list(pearson = as.numeric(r[rows(name)]), ss = sum(r^2)))
})
writeLines(toJSON(pearson, digits = 15, auto_unbox = TRUE, pretty = TRUE),
           "/tmp/glmm_references_pearson.json")

# ar1(): glmmTMB's covariance-structure vignette's process, five groups of 25 time points
set.seed(11)
nt_ <- 25; ng_ <- 5
ar1_sim <- do.call(rbind, lapply(1:ng_, function(g) {
  x <- as.numeric(MASS::mvrnorm(mu = rep(0, nt_), Sigma = 0.7^as.matrix(dist(1:nt_))))
  data.frame(y = round(1 + x + rnorm(nt_, 0, 0.5), 6), times = sprintf("t%02d", 1:nt_),
             group = sprintf("g%d", g))
}))
write.csv(ar1_sim, "tests/data/ar1_sim.csv", row.names = FALSE)
ar1_sim$times <- factor(ar1_sim$times)
m <- glmmTMB(y ~ 1 + ar1(times + 0 | group), ar1_sim, control = ctl)
vc <- VarCorr(m)$cond$group
ar1_ref <- list(logLik = as.numeric(logLik(m)), df = attr(logLik(m), "df"),
                cond = as.list(fixef(m)$cond), se_cond = as.list(sqrt(diag(vcov(m)$cond))),
                sigma = sigma(m), sd = as.numeric(attr(vc, "stddev"))[1],
                rho = attr(vc, "correlation")[1, 2], theta = m$fit$par[names(m$fit$par) == "theta"])
writeLines(toJSON(ar1_ref, digits = 15, auto_unbox = TRUE, pretty = TRUE),
           "/tmp/glmm_references_ar1.json")

# cs(): heterogeneous SDs and one correlation, 40 groups of 4 times
set.seed(12)
q_ <- 4; g_ <- 40
C_ <- matrix(0.4, q_, q_); diag(C_) <- 1
S_ <- diag(c(0.6, 0.8, 1.0, 1.2)) %*% C_ %*% diag(c(0.6, 0.8, 1.0, 1.2))
cs_sim <- do.call(rbind, lapply(1:g_, function(g) {
  b <- as.numeric(MASS::mvrnorm(mu = rep(0, q_), Sigma = S_))
  data.frame(y = round(0.5 + b + rnorm(q_, 0, 0.3), 6), times = sprintf("t%d", 1:q_),
             group = sprintf("g%02d", g))
}))
write.csv(cs_sim, "tests/data/cs_sim.csv", row.names = FALSE)
cs_sim$times <- factor(cs_sim$times)
m <- glmmTMB(y ~ 1 + cs(times + 0 | group), cs_sim, control = ctl)
vc <- VarCorr(m)$cond$group
cs_ref <- list(logLik = as.numeric(logLik(m)), df = attr(logLik(m), "df"),
               cond = as.list(fixef(m)$cond), se_cond = as.list(sqrt(diag(vcov(m)$cond))),
               sigma = sigma(m), sd = as.numeric(attr(vc, "stddev")),
               rho = attr(vc, "correlation")[1, 2], theta = m$fit$par[names(m$fit$par) == "theta"])
writeLines(toJSON(cs_ref, digits = 15, auto_unbox = TRUE, pretty = TRUE),
           "/tmp/glmm_references_cs.json")

# links other than the default
cbpp <- lme4::cbpp
links <- list(
  cbpp_probit = glmmTMB(cbind(incidence, size - incidence) ~ period + (1 | herd), cbpp,
                        family = binomial(link = "probit"), control = ctl),
  cbpp_cloglog = glmmTMB(cbind(incidence, size - incidence) ~ period + (1 | herd), cbpp,
                         family = binomial(link = "cloglog"), control = ctl),
  sleep_gamma_inverse = glmmTMB(Reaction ~ Days + (1 | Subject), sleep,
                                family = Gamma(link = "inverse"), control = ctl),
  sleep_gaussian_log = glmmTMB(Reaction ~ Days + (1 | Subject), sleep,
                               family = gaussian(link = "log"), control = ctl))
links_ref <- lapply(links, function(m) list(
  logLik = as.numeric(logLik(m)), cond = as.list(fixef(m)$cond),
  se_cond = as.list(sqrt(diag(vcov(m)$cond))),
  sd = as.numeric(attr(VarCorr(m)$cond[[1]], "stddev"))))
writeLines(toJSON(links_ref, digits = 15, auto_unbox = TRUE, pretty = TRUE),
           "/tmp/glmm_references_links.json")

# ou(): an Ornstein-Uhlenbeck process at irregular times (numFactor), 30 groups of 8
set.seed(13)
tt <- c(0, 1, 2.5, 3, 5, 8, 9, 12)
q <- length(tt); g <- 30
S <- 0.8^2 * exp(-0.4 * as.matrix(dist(tt)))
d <- do.call(rbind, lapply(1:g, function(k) {
  b <- as.numeric(MASS::mvrnorm(mu = rep(0, q), Sigma = S))
  data.frame(y = round(1 + b + rnorm(q, 0, 0.3), 6), t = tt, group = sprintf("g%02d", k))
}))
write.csv(d, "tests/data/ou_sim.csv", row.names = FALSE)
d$times <- numFactor(d$t)
m <- glmmTMB(y ~ 1 + ou(times + 0 | group), d)
vc <- VarCorr(m)$cond$group
ref <- list(logLik = as.numeric(logLik(m)), df = attr(logLik(m), "df"),
            intercept = unname(fixef(m)$cond[1]), se = unname(sqrt(diag(vcov(m)$cond))[1]),
            sigma = sigma(m), sd = unname(attr(vc, "stddev")[1]),
            corr12 = attr(vc, "correlation")[1, 2], corr13 = attr(vc, "correlation")[1, 3],
            theta = unname(m$fit$par[names(m$fit$par) == "theta"]))
writeLines(toJSON(ref, digits = 15, auto_unbox = TRUE), "/tmp/glmm_references_ou.json")

# tweedie: a compound Poisson-gamma response (power 1.6, phi 1.3), 30 groups of 10, with zeros
set.seed(101)
n <- 300; g <- factor(sprintf("g%02d", rep(1:30, each = 10))); x <- round(rnorm(n), 4)
b <- rnorm(30, sd = 0.5)
mu <- exp(0.3 + 0.5 * x + b[as.integer(g)])
p <- 1.6; phi <- 1.3
lam <- mu^(2 - p) / (phi * (2 - p)); shape <- (2 - p) / (p - 1); scale <- phi * (p - 1) * mu^(p - 1)
N <- rpois(n, lam)
y <- round(sapply(seq_len(n), function(i) if (N[i] == 0) 0 else
  sum(rgamma(N[i], shape = shape, scale = scale[i]))), 6)
tw <- data.frame(y = y, x = x, g = g)
write.csv(tw, "tests/data/tweedie_sim.csv", row.names = FALSE)
m <- glmmTMB(y ~ x + (1 | g), tw, family = tweedie, control = ctl)
v <- vcov(m, full = TRUE)
ref <- list(logLik = as.numeric(logLik(m)), df = attr(logLik(m), "df"),
            cond = as.list(fixef(m)$cond), se_cond = as.list(sqrt(diag(vcov(m)$cond))),
            sigma = sigma(m), power = unname(family_params(m)),
            sd = unname(attr(VarCorr(m)$cond$g, "stddev")),
            se_full = unname(sqrt(diag(v))), par = unname(m$fit$par))
writeLines(toJSON(ref, digits = 15, auto_unbox = TRUE), "/tmp/glmm_references_tweedie.json")
