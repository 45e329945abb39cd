import { describe, expect, it } from 'vitest';
import { splitPersonName } from './contact';

describe('splitPersonName', () => {
  it('splits at the last space, keeps a one-word name as the first name, and tidies spaces', () => {
    expect(splitPersonName('Ada Lovelace')).toEqual({ first: 'Ada', last: 'Lovelace' });
    expect(splitPersonName('  Mary   Ann  Lee ')).toEqual({ first: 'Mary Ann', last: 'Lee' });
    expect(splitPersonName('Cher')).toEqual({ first: 'Cher', last: '' });
    expect(splitPersonName(null)).toEqual({ first: '', last: '' });
  });
});
