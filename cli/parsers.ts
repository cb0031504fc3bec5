import { InvalidArgumentError } from 'commander';
import type { Translate } from './i18n.ts';

/** An option parser that accepts one of `values`, with a translated reason otherwise. */
export function oneOf<T extends string>(values: readonly T[], t: Translate): (value: string) => T {
  return (value) => {
    if ((values as readonly string[]).includes(value)) return value as T;
    throw new InvalidArgumentError(t('cli:usage.chooseOne', { values: values.join(', ') }));
  };
}

/** An option parser for a whole number from `min` to `max`. */
export function integerBetween(min: number, max: number, t: Translate): (value: string) => number {
  return (value) => {
    const number = Number(value);
    if (/^\d+$/.test(value.trim()) && number >= min && number <= max) return number;
    throw new InvalidArgumentError(t('cli:usage.integerBetween', { min, max }));
  };
}

/** An option parser for text matching `re` (a date, a month, an id), with the translated `key` otherwise. */
export function matching(re: RegExp, t: Translate, key: string): (value: string) => string {
  return (value) => {
    if (re.test(value)) return value;
    throw new InvalidArgumentError(t(key));
  };
}
