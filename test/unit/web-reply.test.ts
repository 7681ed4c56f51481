import { describe, expect, it } from 'vitest';
import { readReply, tokenFieldsOf, toastKind, toastTimeout } from '../../src/web/api/reply';
import {
  DEFAULT_PUBLIC_SETTINGS,
  parseSettings,
  publicSettingsOf,
} from '../../src/web/theme/publicSettings';
import { DEFAULT_COLOURS } from '../../src/shared/colours';
import {
  contrastRatio,
  readableShadeOn,
  readableTextOn,
  shadesOf,
} from '../../src/web/theme/palette';

describe('reply handling', () => {
  it('reads an envelope', () => {
    const reply = readReply(
      200,
      JSON.stringify({ result: true, data: 1, messages: [], version: '1' }),
    );
    expect(reply.ok && reply.envelope.data).toBe(1);
  });

  it('gives the raw reply when `result` is missing or the body is not JSON', () => {
    expect(readReply(200, '{"data":1}')).toEqual({ ok: false, raw: { data: 1 } });
    expect(readReply(500, '<html>oops</html>')).toEqual({
      ok: false,
      raw: { status: 500, body: '<html>oops</html>' },
    });
  });

  it('drops malformed messages', () => {
    const reply = readReply(
      200,
      JSON.stringify({
        result: false,
        data: null,
        messages: [{ type: 'e', text: 'x' }, 3],
        version: '',
      }),
    );
    expect(reply.ok && reply.envelope.messages).toEqual([{ type: 'e', text: 'x' }]);
  });

  it('finds refreshed token fields', () => {
    expect(
      tokenFieldsOf({
        result: true,
        data: null,
        messages: [],
        version: '',
        hash: 'h',
        userlogin_id: 4,
      }),
    ).toEqual({ hash: 'h', userlogin_id: 4 });
    expect(tokenFieldsOf({ result: true, data: null, messages: [], version: '' })).toBeNull();
  });
});

describe('toasts', () => {
  it('maps message types', () => {
    expect(['s', 'p', 'w', 'i', 'e', 'x'].map(toastKind)).toEqual([
      'success',
      'success',
      'warning',
      'info',
      'error',
      'error',
    ]);
  });

  it('uses 5 s for success, 10 s otherwise, or the message own timeout', () => {
    expect(toastTimeout({ type: 's' })).toBe(5000);
    expect(toastTimeout({ type: 'p' })).toBe(5000);
    expect(toastTimeout({ type: 'w' })).toBe(10_000);
    expect(toastTimeout({ type: 'e' })).toBe(10_000);
    expect(toastTimeout({ type: 'i', timeout: 1234 })).toBe(1234);
  });
});

describe('public settings', () => {
  it('falls back to defaults', () => {
    expect(DEFAULT_PUBLIC_SETTINGS.product.colours).toEqual(DEFAULT_COLOURS);
    expect(DEFAULT_PUBLIC_SETTINGS.loaded).toBe(false);
  });

  it('parses JSON text or objects and keeps valid colours only', () => {
    expect(parseSettings('{"a":1}')).toEqual({ a: 1 });
    expect(parseSettings('nonsense')).toEqual({});
    const settings = publicSettingsOf([
      {
        module_id: 1,
        module_name: 'materia',
        module_public_settings: JSON.stringify({
          company_name: 'Greenleaf',
          colour_brand: '#123456',
          colour_primary: 'red',
          units_imperial: 1,
        }),
      },
      { module_id: 2, module_name: 'herbs', module_public_settings: {} },
    ]);
    expect(settings.product.company_name).toBe('Greenleaf');
    expect(settings.product.colours.colour_brand).toBe('#123456');
    expect(settings.product.colours.colour_primary).toBe(DEFAULT_COLOURS.colour_primary);
    expect(settings.product.units_imperial).toBe(1);
    expect(settings.moduleIds).toEqual({ materia: 1, herbs: 2 });
  });
});

describe('brand palette', () => {
  it('makes ten shades with the colour itself as shade 6', () => {
    const shades = shadesOf('#6b7a2a');
    expect(shades).toHaveLength(10);
    expect(shades[6]).toBe('#6b7a2a');
    expect(shades[0]).not.toBe(shades[9]);
  });

  it('picks readable text', () => {
    expect(readableTextOn('#ffb300')).toBe('#1d1d1d');
    expect(readableTextOn('#c62828')).toBe('#ffffff');
    expect(contrastRatio(DEFAULT_COLOURS.colour_primary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('writes each colour as text in a shade that reads on the light and the dark page', () => {
    const darkPage = '#242424';
    // The default red reads on white as it is; on the dark page a lighter shade of it.
    expect(readableShadeOn(DEFAULT_COLOURS.colour_negative, '#ffffff')).toBe('#c62828');
    for (const colour of Object.values(DEFAULT_COLOURS)) {
      expect(contrastRatio(readableShadeOn(colour, '#ffffff'), '#ffffff')).toBeGreaterThanOrEqual(
        4.5,
      );
      expect(contrastRatio(readableShadeOn(colour, darkPage), darkPage)).toBeGreaterThanOrEqual(
        4.5,
      );
    }
    // A pale amber on white: a darker shade, not the colour itself.
    expect(readableShadeOn('#ffb300', '#ffffff')).not.toBe('#ffb300');
  });
});
