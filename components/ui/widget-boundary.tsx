"use client";

import { Component, type ReactNode } from "react";
import { ErrorState } from "./error-state";

type Props = { title: string; children: ReactNode };
type State = { error: unknown };

/** Contains a render crash (e.g. an unexpected DTO) to one widget instead of the whole page. */
export class WidgetBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override render() {
    if (this.state.error !== null) {
      return <ErrorState title={this.props.title} error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    }
    return this.props.children;
  }
}
