export { convertMinor, convertedCharge, rateProblems, scaledRate } from './convert.js';
export { fileRates, fixedRates, type RateSource } from './rates.js';
