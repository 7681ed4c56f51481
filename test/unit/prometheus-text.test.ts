/** The scrape test's parser must refuse what Prometheus refuses, or a broken /metrics would pass. */
import { describe, expect, it } from 'vitest';
import { parsePrometheusText, sampleValue } from '../support/prometheus-text';

const GOOD = [
  '# HELP c_total Things.',
  '# TYPE c_total counter',
  'c_total{call="a/b",status="200"} 3',
  '# TYPE h histogram',
  'h_bucket{le="0.1"} 1',
  'h_bucket{le="+Inf"} 2',
  'h_sum 0.3',
  'h_count 2',
  '',
].join('\n');

describe('parsePrometheusText', () => {
  it('reads families, labels and values', () => {
    const families = parsePrometheusText(GOOD);
    expect(families.get('c_total')?.type).toBe('counter');
    expect(sampleValue(families, 'c_total', { status: '200', call: 'a/b' })).toBe(3);
    expect(sampleValue(families, 'h_count')).toBe(2);
  });

  it('reads NaN and infinities in any case, as Prometheus does (prom-client writes `Nan`)', () => {
    const families = parsePrometheusText(
      '# TYPE a gauge\na Nan\n# TYPE b gauge\nb NaN\n# TYPE c gauge\nc +Inf\n# TYPE d gauge\nd -inf\n',
    );
    expect(sampleValue(families, 'a')).toBeNaN();
    expect(sampleValue(families, 'b')).toBeNaN();
    expect(sampleValue(families, 'c')).toBe(Infinity);
    expect(sampleValue(families, 'd')).toBe(-Infinity);
  });

  it.each([
    ['a sample of an undeclared family', 'x 1\n'],
    ['a malformed value', '# TYPE x gauge\nx one\n'],
    ['a label without quotes', '# TYPE x gauge\nx{a=b} 1\n'],
    ['a series given twice', '# TYPE x gauge\nx{a="1"} 1\nx{a="1"} 2\n'],
    ['a family typed twice', '# TYPE x gauge\n# TYPE x counter\n'],
    ['no final newline', '# TYPE x gauge\nx 1'],
    [
      'buckets not cumulative',
      '# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_count 1\n',
    ],
    ['+Inf bucket unlike the count', '# TYPE h histogram\nh_bucket{le="+Inf"} 2\nh_count 3\n'],
  ])('refuses %s', (_what, text) => {
    expect(() => parsePrometheusText(text)).toThrow();
  });
});
