import './PageLoading.css';

/** A whole screen waiting for its code or its session: a ring in the middle, nothing that jumps. */
export function PageLoading() {
  return <div className="page-loading" role="status" aria-label="Loading" />;
}
