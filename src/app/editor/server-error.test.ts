import { describe, expect, it } from 'vitest';
import { checkQuery, formatOdsqlMessage } from '../../odsql';
import { locateServerError } from './server-error';

const schema = { fields: [{ name: 'delay', type: 'int' as const }] };

describe('locateServerError', () => {
  it('reads back the message the server writes, at the local position', () => {
    const query = { select: 'delay', where: 'delay > 1 and nope = 2' };
    const local = checkQuery(query, schema);
    const message = formatOdsqlMessage(local);
    expect(locateServerError(message, query, local)).toEqual({
      clause: 'where',
      from: 14,
      to: 18,
      message: 'Unknown field: nope',
    });
  });

  it('reads a real portal message naming an unknown field, without a local finding', () => {
    const message =
      'ODSQL query is malformed: Unknown field: no_such_field. Clause(s) containing the error(s): select.';
    expect(locateServerError(message, { select: 'a, no_such_field' }, [])).toEqual({
      clause: 'select',
      from: 3,
      to: 16,
      message: 'Unknown field: no_such_field',
    });
  });

  it('uses the position of a syntax message', () => {
    const message =
      'ODSQL syntax exception: unexpected ) at position 8 in delay > ), expected a value. Clause(s) containing the error(s): where.';
    expect(locateServerError(message, { where: 'delay > )' }, [])).toMatchObject({
      clause: 'where',
      from: 8,
      to: 9,
    });
  });

  it('falls back to the whole clause, and to nothing for a clause the user did not write', () => {
    const message = 'ODSQL query is malformed: Something odd. Clause(s) containing the error(s): group_by.';
    expect(locateServerError(message, { group_by: 'a, b' }, [])).toEqual({
      clause: 'group_by',
      from: 0,
      to: 4,
      message: 'Something odd',
    });
    expect(locateServerError(message, { where: 'x' }, [])).toBeUndefined();
    expect(locateServerError('Not found', { where: 'x' }, [])).toBeUndefined();
  });
});
