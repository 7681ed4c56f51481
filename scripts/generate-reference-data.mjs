// Regenerates src/shared/data/*.json from maintained npm data packages, so that reference data
// is never typed by hand and the browser bundle carries only what it needs.
// Run: node scripts/generate-reference-data.mjs
import { writeFileSync } from 'node:fs';
import currencyListModule from 'currency-list';
const currencyList = currencyListModule.default ?? currencyListModule;

const FIRST = ['GBP', 'USD', 'EUR', 'CAD', 'HUF'];
const rank = (code) => (FIRST.includes(code) ? FIRST.indexOf(code) : FIRST.length);
const currencies = Object.values(currencyList.getAll('en_US'))
  .map((c) => ({
    value: c.code,
    label: c.name,
    symbol: c.symbol,
    symbol_native: c.symbol_native,
    decimal_digits: c.decimal_digits,
    rounding: c.rounding,
    name_plural: c.name_plural,
  }))
  .sort((a, b) => rank(a.value) - rank(b.value) || a.value.localeCompare(b.value));
writeFileSync('src/shared/data/currencies.json', JSON.stringify(currencies, null, 1) + '\n');
console.log(`currencies: ${currencies.length}`);

// ISO 3166-1 countries with their English names.
import countriesModule from 'i18n-iso-countries';
import { createRequire } from 'node:module';
const countriesLib = countriesModule.default ?? countriesModule;
const english = createRequire(import.meta.url)('i18n-iso-countries/langs/en.json');
countriesLib.registerLocale(english);
const names = countriesLib.getNames('en', { select: 'official' });
const countries = Object.entries(names)
  .map(([alpha2, name]) => ({
    code: alpha2,
    alpha3: countriesLib.alpha2ToAlpha3(alpha2),
    numeric: countriesLib.alpha2ToNumeric(alpha2),
    name,
  }))
  .sort((a, b) => a.name.localeCompare(b.name));
writeFileSync('src/shared/data/countries.json', JSON.stringify(countries, null, 1) + '\n');
console.log(`countries: ${countries.length}`);
