import { type FormEvent, useEffect, useRef, useState } from 'react';
import { serverFieldErrors } from './api-request.ts';
import { useToast } from './toast-store.ts';

export type FieldErrors<Values> = Partial<Record<keyof Values, string>>;

/** A check of the form's values: what to send when they pass, and each field's message. */
export type Validation<Values, Request> = { request: Request | null; errors: FieldErrors<Values> };

/** One problem a schema found (zod's `error.issues` have this shape). */
type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };

/** The first message for each of `fields`, from a schema's issues; issues of other paths are dropped. */
export function firstMessages<Values>(issues: readonly Issue[], fields: readonly (keyof Values)[]): FieldErrors<Values> {
  const errors: FieldErrors<Values> = {};
  for (const issue of issues) {
    const field = fields.find((name) => name === issue.path[0]);
    if (field !== undefined) errors[field] ??= issue.message;
  }
  return errors;
}

/** A schema as `validateWith` uses it (zod's `safeParse`), so this package needs no zod of its own. */
type Schema<Request> = {
  safeParse(values: unknown): { success: true; data: Request } | { success: false; error: { issues: readonly Issue[] } };
};

/** The check of a form by a contract schema: its parsed request when the values pass, else the first message of each field. */
export function validateWith<Values, Request>(schema: Schema<Request>, fields: readonly (keyof Values)[]) {
  return (values: Values): Validation<Values, Request> => {
    const checked = schema.safeParse(values);
    if (checked.success) return { request: checked.data, errors: {} };
    return { request: null, errors: firstMessages<Values>(checked.error.issues, fields) };
  };
}

/** A check of a form's values, as validateWith makes it. */
export type Check<Values, Request> = (values: Values) => Validation<Values, Request>;

/**
 * A check that needs its contract schema (and zod with it) loaded first, as loadedCheck and
 * validateWithLoaded make it: a public page downloads neither until its form is used.
 */
export type LoadedCheck<Values, Request> = {
  /** The check once loaded, else undefined. */
  readonly ready: () => Check<Values, Request> | undefined;
  /** Loads it (once; again after a failure) and gives it. */
  readonly load: () => Promise<Check<Values, Request>>;
};

/**
 * A check made from something imported the first time the form is used (a field focused or typed
 * in, or the form sent): `() => import('@krom/contracts/http/waitlist').then((waitlist) => checkOf(waitlist.joinWaitlistRequestSchema))`.
 * A public page then downloads the schema, and zod, only for a visitor who fills its form in.
 */
export function loadedCheck<Values, Request>(loadCheck: () => Promise<Check<Values, Request>>): LoadedCheck<Values, Request> {
  let check: Check<Values, Request> | undefined;
  let loading: Promise<Check<Values, Request>> | undefined;
  return {
    ready: () => check,
    load: () => {
      loading ??= loadCheck().then(
        (loaded) => {
          check = loaded;
          return loaded;
        },
        (error: unknown) => {
          // A failed download (the connection dropped) is tried again on the next use.
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}

/**
 * validateWith with the schema imported when the form is first used, e.g.
 * `() => import('@krom/contracts/http/auth').then((auth) => auth.loginRequestSchema)`: the same
 * check, the same messages, loaded when needed.
 */
export function validateWithLoaded<Values, Request>(
  loadSchema: () => Promise<Schema<Request>>,
  fields: readonly (keyof Values)[],
): LoadedCheck<Values, Request> {
  return loadedCheck(() => loadSchema().then((schema) => validateWith<Values, Request>(schema, fields)));
}

type Options<Values, Request> = {
  initial: Values | (() => Values);
  validate: Check<Values, Request> | LoadedCheck<Values, Request>;
  /**
   * What typing does to the messages: 'revalidate' (after a first submit, messages follow the
   * typing, so a fixed field clears at once) or 'clear' (the edited field's message goes until
   * the next submit).
   */
  onEdit?: 'revalidate' | 'clear';
};

/** Values, messages and submit of a form checked in the browser before anything is sent. */
export function useValidatedForm<Values extends Record<string, string>, Request>({
  initial,
  validate,
  onEdit = 'revalidate',
}: Options<Values, Request>) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [submitted, setSubmitted] = useState(false);
  // What was typed last, for a check that ends after the schema has loaded: nothing typed meanwhile is lost.
  const latest = useRef(values);
  latest.current = values;
  const waiting = useRef(false);
  // True while a submit waits for its check to download: the submit button shows it is busy.
  const [checking, setChecking] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const { toast } = useToast();

  const loaded = typeof validate === 'function' ? undefined : validate;
  const readyCheck = (): Check<Values, Request> | undefined => (loaded ? loaded.ready() : (validate as Check<Values, Request>));
  /** Starts loading a loaded check's schema, so the check is there by the time it is needed. */
  const prepare = () => {
    if (loaded && !loaded.ready()) loaded.load().catch(() => {});
  };

  const edit = (name: keyof Values, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    prepare();
    const check = readyCheck();
    if (onEdit === 'clear') setErrors((current) => ({ ...current, [name]: undefined }));
    // Before the schema has loaded, the submit waiting for it checks what is typed by then.
    else if (submitted && check) setErrors(check(next).errors);
  };

  /**
   * The props that bind one field (<TextField>, <PasswordField>, <PhoneField>) to the form;
   * `keep` trims what was typed to what the field may hold.
   */
  const field = <Name extends keyof Values & string>(name: Name, keep: (typed: string) => string = (typed) => typed) => ({
    name,
    value: values[name],
    error: errors[name],
    onValueChange: (typed: string) => edit(name, keep(typed)),
    ...(loaded && { onFocus: prepare }),
  });

  /**
   * A form's onSubmit: checks the values, shows the messages, and sends only what passed. A
   * loaded check not there yet is awaited first (one wait however often the button is pressed,
   * the button busy meanwhile). It then sends only if the values are still those of the press:
   * a visitor who went on typing (a password half typed) sees the messages for what is there now
   * and presses again; nothing is sent from a form that has gone.
   */
  const onSubmit = (send: (request: Request) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const check = readyCheck();
    if (check) {
      const { request, errors: found } = check(latest.current);
      setErrors(found);
      if (request !== null) send(request);
      return;
    }
    if (!loaded || waiting.current) return;
    waiting.current = true;
    setChecking(true);
    const pressed = latest.current;
    loaded
      .load()
      .then(
        (loadedCheck) => {
          if (!mounted.current) return;
          const { request, errors: found } = loadedCheck(latest.current);
          setErrors(found);
          if (request !== null && latest.current === pressed) send(request);
        },
        () => {
          if (mounted.current) toast({ variant: 'destructive', title: 'Could not check the form', description: 'Check your connection and try again.' });
        },
      )
      .finally(() => {
        waiting.current = false;
        if (mounted.current) setChecking(false);
      });
  };

  /**
   * Shows under its field what the server said about a field of this form (a plate already
   * registered), as the browser's own checks do: error text, aria-invalid, the field focused and
   * in view. True when the failure named a field of this form.
   */
  const showServerErrors = (error: unknown): boolean => {
    const named = serverFieldErrors(error);
    const fields = Object.keys(named).filter((name) => name in values) as (keyof Values & string)[];
    if (fields.length === 0) return false;
    setErrors((current) => ({ ...current, ...Object.fromEntries(fields.map((name) => [name, named[name]])) }));
    // The names are this form's own keys (make, licensePlate), never text from the server.
    const first = document.querySelector<HTMLElement>(`[name="${fields[0]}"]`);
    first?.focus();
    first?.scrollIntoView?.({ block: 'center' });
    return true;
  };

  /** Back to `next` with no messages, as after a save or a cancel. */
  const reset = (next: Values) => {
    setValues(next);
    setErrors({});
    setSubmitted(false);
  };

  return { values, errors, field, onSubmit, reset, showServerErrors, checking };
}
