import { Injectable } from '@nestjs/common';
import type { RemoteReportSubject } from './moderation.repository';

/** A report sent on to the server of the person it is about (issue 30): who they are, and the reporter's note. */
export interface ForwardedReport {
  reportId: number;
  subject: RemoteReportSubject;
  note: string;
}

/** What sends a forwarded report (federation's Flag), while it can. */
export interface ReportForwarder {
  /** Whether a report can be sent on now (federation runs here). */
  available(): boolean;
  forward(report: ForwardedReport): Promise<void>;
}

/**
 * Where reports meet federation without the moderation module depending on it (federation depends on moderation for
 * the Flags it receives): federation hands its forwarder in when it starts; without one nothing can be forwarded.
 */
@Injectable()
export class ReportForwarding {
  private forwarder: ReportForwarder | null = null;

  use(forwarder: ReportForwarder): void {
    this.forwarder = forwarder;
  }

  available(): boolean {
    return this.forwarder?.available() ?? false;
  }

  async forward(report: ForwardedReport): Promise<void> {
    if (!this.forwarder) throw new Error('No report forwarder: federation is not set up');
    await this.forwarder.forward(report);
  }
}
