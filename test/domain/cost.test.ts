// Specification of event cost input, values and display (docs/api.md §4.7 "Cost", §4.6 offers price, §10.1).
import { expect } from 'chai';
import {
  canonicalNumber,
  costDetails,
  lowestPrice,
  parseCostInput,
  type SiteCurrency,
  type StoredCost,
} from '../../src/domain/cost.ts';

const site: SiteCurrency = { symbol: '$', position: 'prefix' };
const stored = (...entries: string[]): StoredCost => ({ entries });

describe('parseCostInput', () => {
  it('stores a string as one entry, unchanged', () => {
    expect(parseCostInput('10')).to.deep.equal({ entries: ['10'] });
    expect(parseCostInput(' 20$ ')).to.deep.equal({ entries: [' 20$ '] });
  });

  it('stores a number through String()', () => {
    expect(parseCostInput(10)).to.deep.equal({ entries: ['10'] });
    expect(parseCostInput(12.5)).to.deep.equal({ entries: ['12.5'] });
    expect(parseCostInput(0)).to.deep.equal({ entries: ['0'] });
  });

  it('stores a list of strings and numbers in order', () => {
    expect(parseCostInput(['0$', 20, '30$'])).to.deep.equal({ entries: ['0$', '20', '30$'] });
  });

  it('gives null (clear) for "" and []', () => {
    expect(parseCostInput('')).to.equal(null);
    expect(parseCostInput([])).to.equal(null);
  });

  it('gives null for blank strings and lists of blank strings, and drops blank list entries', () => {
    expect(parseCostInput('   ')).to.equal(null);
    expect(parseCostInput(['', ' '])).to.equal(null);
    expect(parseCostInput(['', '10'])).to.deep.equal({ entries: ['10'] });
  });

  it('gives undefined for anything else', () => {
    for (const input of [{}, { value: 10 }, true, false, null, undefined, [['10']], ['10', {}], [true]]) {
      expect(parseCostInput(input), JSON.stringify(input)).to.equal(undefined);
    }
  });

  it('gives undefined for non-finite numbers', () => {
    expect(parseCostInput(Number.NaN)).to.equal(undefined);
    expect(parseCostInput([Number.POSITIVE_INFINITY])).to.equal(undefined);
  });
});

describe('costDetails', () => {
  describe('the contract table (§4.7)', () => {
    it('"10" → "$10" with no stored symbol (captures 10, 13)', () => {
      expect(costDetails(stored('10'), site)).to.deep.equal({
        cost: '$10',
        cost_details: { currency_symbol: '', currency_code: '', currency_position: '', values: ['10'] },
      });
    });

    it('"20$" → "20$" with a postfix symbol', () => {
      expect(costDetails(stored('20$'), site)).to.deep.equal({
        cost: '20$',
        cost_details: { currency_symbol: '$', currency_code: '', currency_position: 'postfix', values: ['20'] },
      });
    });

    it('["0$","20$","30$"] → "Free – 30$"', () => {
      expect(costDetails(stored('0$', '20$', '30$'), site)).to.deep.equal({
        cost: 'Free \u2013 30$',
        cost_details: {
          currency_symbol: '$',
          currency_code: '',
          currency_position: 'postfix',
          values: ['0', '20', '30'],
        },
      });
    });
  });

  it('lists the keys in wire order', () => {
    const out = costDetails(stored('20$'), site);
    expect(Object.keys(out)).to.deep.equal(['cost', 'cost_details']);
    expect(Object.keys(out.cost_details)).to.deep.equal([
      'currency_symbol',
      'currency_code',
      'currency_position',
      'values',
    ]);
  });

  it('is empty when nothing is stored (capture 09)', () => {
    expect(costDetails(null, site)).to.deep.equal({
      cost: '',
      cost_details: { currency_symbol: '', currency_code: '', currency_position: '', values: [] },
    });
    expect(costDetails(stored(), site).cost).to.equal('');
  });

  it('shows the first entry unchanged when no entry has a number', () => {
    expect(costDetails(stored('Donation'), site)).to.deep.equal({
      cost: 'Donation',
      cost_details: { currency_symbol: '', currency_code: '', currency_position: '', values: [] },
    });
    expect(costDetails(stored(' Pay what you can ', 'Free'), site).cost).to.equal(' Pay what you can ');
  });

  it('sorts values numerically, not as text, and lists each once', () => {
    expect(costDetails(stored('100', '9', '25.5', '9'), site).cost_details.values).to.deep.equal(['9', '25.5', '100']);
  });

  it('shows min – max with the site default when no entry has a symbol', () => {
    expect(costDetails(stored('30', '10'), site).cost).to.equal('$10 \u2013 $30');
    expect(costDetails(stored('30', '10'), { symbol: '€', position: 'postfix' }).cost).to.equal('10€ \u2013 30€');
  });

  it('shows one value when min = max', () => {
    expect(costDetails(stored('$5', '5.00'), site).cost).to.equal('$5');
  });

  it('shows 0 as Free', () => {
    expect(costDetails(stored('0'), site).cost).to.equal('Free');
    expect(costDetails(stored('0.00 €'), site).cost).to.equal('Free');
  });

  it('takes the symbol from the first entry that has one, even if a later entry differs', () => {
    const out = costDetails(stored('5', '€10', '20$'), site);
    expect(out.cost_details.currency_symbol).to.equal('€');
    expect(out.cost_details.currency_position).to.equal('prefix');
    expect(out.cost).to.equal('€5 \u2013 €20');
  });

  it('ignores entries without a number once another entry has one', () => {
    expect(costDetails(stored('Donation', '15£'), site).cost).to.equal('15£');
  });

  describe('currency symbols', () => {
    const symbolOf = (entry: string): [string, string] => {
      const { currency_symbol, currency_position } = costDetails(stored(entry), site).cost_details;
      return [currency_symbol, currency_position];
    };

    it('reads a symbol directly before or after the number', () => {
      expect(symbolOf('$10')).to.deep.equal(['$', 'prefix']);
      expect(symbolOf('10€')).to.deep.equal(['€', 'postfix']);
      expect(symbolOf('R$10')).to.deep.equal(['R$', 'prefix']);
      expect(symbolOf('Price:$10')).to.deep.equal(['$', 'prefix']);
    });

    it('reads a symbol separated from the number by white space', () => {
      expect(symbolOf('€ 12,5')).to.deep.equal(['€', 'prefix']);
      expect(symbolOf('1,000.50 €')).to.deep.equal(['€', 'postfix']);
      expect(symbolOf('USD 10')).to.deep.equal(['USD', 'prefix']);
      expect(symbolOf('50 kr')).to.deep.equal(['kr', 'postfix']);
    });

    it('prefers a symbol touching the number, then the prefix', () => {
      expect(symbolOf('ab 10€')).to.deep.equal(['€', 'postfix']);
      expect(symbolOf('$10 €')).to.deep.equal(['$', 'prefix']);
    });

    it('does not take ordinary words for symbols', () => {
      expect(symbolOf('from 10')).to.deep.equal(['', '']);
      expect(symbolOf('10 per person')).to.deep.equal(['', '']);
      expect(symbolOf('Adults 10 and up')).to.deep.equal(['', '']);
    });
  });

  describe('separators', () => {
    const cases: Array<[string, string, string, string, string]> = [
      ['1,000.50 €', '1000.5€', '€', 'postfix', '1000.5'],
      ['€ 12,5', '€12.5', '€', 'prefix', '12.5'],
      ['1.000,50€', '1000.5€', '€', 'postfix', '1000.5'],
    ];
    for (const [entry, cost, symbol, position, value] of cases) {
      it(`reads ${JSON.stringify(entry)} as ${value}`, () => {
        expect(costDetails(stored(entry), site)).to.deep.equal({
          cost,
          cost_details: { currency_symbol: symbol, currency_code: '', currency_position: position, values: [value] },
        });
      });
    }

    it('reads every number of an entry, so a range in one entry gives both ends', () => {
      expect(costDetails(stored('10 - 20 €'), site)).to.deep.include({ cost: '10€ \u2013 20€' });
      expect(costDetails(stored('$10, $25'), site).cost_details.values).to.deep.equal(['10', '25']);
    });
  });
});

describe('canonicalNumber', () => {
  const cases: Array<[string, string, string]> = [
    ['10', '10', 'plain integer'],
    ['007', '7', 'leading zeros dropped'],
    ['0', '0', 'zero'],
    ['10.50', '10.5', 'trailing fractional zero dropped'],
    ['10.00', '10', 'no trailing .0'],
    ['12,5', '12.5', 'single comma, not 3 digits after: decimal'],
    ['12,50', '12.5', 'single comma, 2 digits after: decimal'],
    ['1,000', '1000', 'single comma, 3 digits after: thousands'],
    ['12.500', '12500', 'single dot, 3 digits after: thousands'],
    ['0.500', '0.5', 'zero before the separator: decimal'],
    ['1234.567', '1234.567', 'more than 3 digits before: decimal'],
    ['1,000,000', '1000000', 'one kind several times: thousands'],
    ['1.000.000', '1000000', 'one kind several times: thousands'],
    ['1,000.50', '1000.5', 'both kinds: the last one is decimal'],
    ['1.000,50', '1000.5', 'both kinds: the last one is decimal'],
    ['1.234.567,891', '1234567.891', 'both kinds, several thousands'],
  ];
  for (const [raw, expected, why] of cases) {
    it(`${raw} → ${expected} (${why})`, () => {
      expect(canonicalNumber(raw)).to.equal(expected);
    });
  }
});

describe('lowestPrice', () => {
  it('is the lowest value (capture 13: offers.price "10")', () => {
    expect(lowestPrice(stored('10'))).to.equal('10');
    expect(lowestPrice(stored('30$', '1,000$', '20$'))).to.equal('20');
  });

  it('is "0" when free', () => {
    expect(lowestPrice(stored('0$', '20$', '30$'))).to.equal('0');
    expect(lowestPrice(stored('0.00'))).to.equal('0');
  });

  it('is undefined without values', () => {
    expect(lowestPrice(null)).to.equal(undefined);
    expect(lowestPrice(stored('Donation'))).to.equal(undefined);
  });
});
