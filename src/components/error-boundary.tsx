import { Component, type ErrorInfo, type ReactNode } from 'react'
import { useT } from './i18n'

/** Keeps one failing widget from blanking the page or the wall: it says what failed, the rest stays. */
export class WidgetErrorBoundary extends Component<
  { name: string; children: ReactNode },
  { error: Error | null }
> {
  override state: { error: Error | null } = { error: null }

  static getDerivedStateFromError(error: Error) {
    return { error }
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`${this.props.name} failed`, error, info.componentStack)
  }

  override render() {
    if (!this.state.error) return this.props.children
    return (
      <WidgetError
        name={this.props.name}
        error={this.state.error}
        onRetry={() => this.setState({ error: null })}
      />
    )
  }
}

function WidgetError({ name, error, onRetry }: { name: string; error: Error; onRetry: () => void }) {
  const { t } = useT()
  return (
    <div role="alert" className="rounded border border-red-600 p-3">
      <p>
        <span aria-hidden="true">⚠ </span>
        {t('app.widget.failed', { name, error: error.message })}
      </p>
      <button type="button" className="mt-2 underline" onClick={onRetry}>
        {t('app.widget.retry')}
      </button>
    </div>
  )
}
