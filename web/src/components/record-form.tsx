import { Button, Stack } from '@mantine/core';
import { type FormEventHandler, Fragment, type ReactNode, useState } from 'react';
import { notify } from './notify';
import { PageCard } from './page-card';
import { QueryState } from './query-state';
import { isStaleRecord, StaleRecordAlert } from './stale-record';
import { useDelayedRedirect } from './use-redirect';

/*
 * What every add and update screen does the same way: load the record, save it, say so, go back
 * to the list; and, when someone else changed the record first, offer to read it again.
 */

interface LoadedQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/**
 * An update screen: its card and title, the record's loading and failure (with Retry) in its
 * place, then the form. Reload (after a stale save) reads the record again and starts the form
 * afresh from it.
 */
export function UpdateRecordPage<T>({
  title,
  query,
  failure,
  children,
}: {
  title: string;
  query: LoadedQuery<T>;
  failure?: string;
  children: (record: T, reload: () => void) => ReactNode;
}) {
  const [reloads, setReloads] = useState(0);
  const reload = async () => {
    await query.refetch();
    setReloads((n) => n + 1);
  };
  return (
    <PageCard title={title}>
      <QueryState query={query} failure={failure}>
        {query.data !== undefined && <Fragment key={reloads}>{children(query.data, reload)}</Fragment>}
      </QueryState>
    </PageCard>
  );
}

/**
 * The save of a form: the call, then the success toast and, 2 s later, the list as it was left; on
 * failure the screen's failure toast (`failed`, `noAnswer` as `notify.failure` takes them) and,
 * when the form was made from an older copy of the record, `staleAlert` with Reload.
 */
export function useSaveAndReturn(options: {
  saved: string;
  failed: string;
  noAnswer?: (message: string) => string;
  list: string;
  reload?: () => void;
}) {
  const redirect = useDelayedRedirect();
  const [stale, setStale] = useState(false);
  return {
    /** Runs `send`; true when it saved. */
    async save(send: () => Promise<unknown>): Promise<boolean> {
      try {
        await send();
        notify.success(options.saved);
        redirect(options.list);
        return true;
      } catch (error) {
        setStale(isStaleRecord(error));
        notify.failure(error, options.failed, options.noAnswer);
        return false;
      }
    },
    staleAlert: stale && options.reload ? <StaleRecordAlert onReload={options.reload} /> : null,
  };
}

/** A form's submit button: off while it saves and once it saved (the list opens next). */
export function SubmitButton({
  busy,
  done,
  busyText,
  disabled = false,
  children,
}: {
  busy: boolean;
  done: boolean;
  /** Shown while it saves ('Updating...'). */
  busyText?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button type="submit" disabled={disabled || busy || done} w="fit-content">
      {busy && busyText ? busyText : children}
    </Button>
  );
}

/** A form's frame: its fields in one column; the browser's own checks are off, the contract's rules speak. */
export function FormStack({
  onSubmit,
  maw,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  maw?: number;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack maw={maw}>{children}</Stack>
    </form>
  );
}
