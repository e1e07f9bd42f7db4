/**
 * The few promise helpers the IndexedDB persistence needs over the raw API (requests,
 * transactions, opening a database), rather than a library for three functions.
 */

/** Resolves with the request's result, rejects with its error. */
export function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** Resolves once the transaction committed; rejects when it failed or was aborted (quota). */
export function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    const fail = () =>
      reject(transaction.error ?? new DOMException('IndexedDB transaction aborted', 'AbortError'));
    transaction.onerror = fail;
    transaction.onabort = fail;
  });
}

/** Opens (creating or upgrading with `upgrade`) the database `name` at `version`. */
export function openDatabase(
  factory: IDBFactory,
  name: string,
  version: number,
  upgrade: (db: IDBDatabase) => void,
): Promise<IDBDatabase> {
  const request = factory.open(name, version);
  request.onupgradeneeded = () => upgrade(request.result);
  return requestResult(request).then((db) => {
    // Another client deletes or upgrades the database: let it.
    db.onversionchange = () => db.close();
    return db;
  });
}
