import { useCallback, useRef, useState, type ChangeEvent } from 'react';

export type Rule<K extends string> = (value: string, all: Record<K, string>) => string | null;

interface Options<K extends string> {
  /** Applied to every change (e.g. stripping Chinese characters and spaces from an account). */
  clean?: Partial<Record<K, (v: string) => string>>;
  /** Fields re-checked when another one changes (the confirmation follows the password). */
  dependents?: Partial<Record<K, K[]>>;
}

/**
 * A small form state: values, translated error texts, checks on blur, on change once a field
 * shows an error, and all at once on submit.
 */
export function useForm<K extends string>(initial: Record<K, string>, rules: Partial<Record<K, Rule<K>>>, opts: Options<K> = {}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string | null>>>({});
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const rulesRef = useRef(rules);
  rulesRef.current = rules;

  const check = useCallback((name: K, all: Record<K, string>) => rulesRef.current[name]?.(all[name], all) ?? null, []);

  const setValue = useCallback(
    (name: K, raw: string) => {
      const value = opts.clean?.[name]?.(raw) ?? raw;
      const next = { ...valuesRef.current, [name]: value };
      valuesRef.current = next;
      setValues(next);
      setErrors((e) => {
        const out = { ...e };
        if (e[name]) out[name] = check(name, next);
        for (const d of opts.dependents?.[name] ?? []) if (next[d] || e[d]) out[d] = check(d, next);
        return out;
      });
    },
    [check, opts.clean, opts.dependents],
  );

  const validate = useCallback((): boolean => {
    const out: Partial<Record<K, string | null>> = {};
    for (const name of Object.keys(rulesRef.current) as K[]) out[name] = check(name, valuesRef.current);
    setErrors(out);
    return Object.values(out).every((e) => !e);
  }, [check]);

  const validateField = useCallback(
    (name: K): boolean => {
      const err = check(name, valuesRef.current);
      setErrors((e) => ({ ...e, [name]: err }));
      return !err;
    },
    [check],
  );

  const bind = (name: K) => ({
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setValue(name, e.target.value),
    // Required-field messages wait for the submit: a blur on the way to a link must not shift it.
    onBlur: () => {
      if (valuesRef.current[name]) validateField(name);
    },
  });

  const reset = useCallback((next?: Partial<Record<K, string>>) => {
    const v = { ...initial, ...next };
    valuesRef.current = v;
    setValues(v);
    setErrors({});
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { values, errors, setValue, setErrors, validate, validateField, bind, reset };
}
