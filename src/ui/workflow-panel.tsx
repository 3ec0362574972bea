import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import type { AnyStateMachine, ContextFrom, EventFromLogic } from 'xstate';
import { allowedEvents, decodeState, restingStates, snapshotOf } from '../machines/workflow';
import { confirmAction } from './confirm';
import { StatusTag } from './status-tag';

/** One event a person may send, as a button. */
export interface WorkflowAction<E extends { type: string }> {
  event: E;
  label: string;
  icon?: string;
  severity?: 'secondary' | 'success' | 'info' | 'warning' | 'danger' | 'help' | 'contrast';
  /** Outlined even with a severity (a solid Lara danger button's white text is under 4.5:1). Default: outlined when no severity. */
  outlined?: boolean;
  /**
   * Asked before sending: the events that move money or cannot be undone. The message should say
   * what happens ("The vendor gets no new vouchers until it is activated again.").
   */
  confirm?: { message: string; header?: string; danger?: boolean };
}

export interface WorkflowProps<M extends AnyStateMachine> {
  machine: M;
  /** The record's stored state (`active`, or `review.waiting` for a nested state). */
  state: string;
  /** When the machine's guards read the record. */
  context?: ContextFrom<M>;
  /** Every event of the machine the UI may offer; only those the machine accepts now are shown. */
  actions: WorkflowAction<EventFromLogic<M>>[];
  /** Sends the event (the HTTP call); the caller toasts. A refusal (409) is the caller's to show. */
  onEvent: (event: EventFromLogic<M>) => Promise<unknown>;
  /** A state's name; by default the `status.*` translation of its last segment. */
  stateLabel?: (state: string) => string;
  disabled?: boolean;
}

/** The machine's own answer to "what may happen to this record now?". */
export function useWorkflowActions<M extends AnyStateMachine>({ machine, state, context, actions }: Pick<WorkflowProps<M>, 'machine' | 'state' | 'context' | 'actions'>) {
  return useMemo(() => {
    const snapshot = snapshotOf(machine, decodeState(state), context);
    const allowed = new Set(allowedEvents(snapshot, actions.map((a) => a.event)));
    return actions.filter((a) => allowed.has(a.event));
  }, [machine, state, context, actions]);
}

/**
 * After a person's action the record's buttons change: the one they pressed may be gone, and the
 * focus with it (back to the start of the page, for someone on a keyboard). This puts it back where
 * they were: on the same action if it is still offered, else the first action now offered in
 * `root`, else `root` itself. It waits while a dialog the action opened (a confirmation, the reason
 * for losing a lead) holds the focus, and lets go once the new state has the focus or the person
 * has moved elsewhere.
 */
function useFocusStays(root: RefObject<HTMLElement | null>, state: string) {
  /** The event the person sent, while the focus is theirs to keep. */
  const pressed = useRef<string | null>(null);
  const lastState = useRef(state);
  const [settledCount, setSettled] = useState(0);
  useEffect(() => {
    const changed = lastState.current !== state;
    lastState.current = state;
    if (!pressed.current) return;
    let frame = 0;
    let frames = 0;
    const settle = () => {
      const active = document.activeElement;
      if (!active || active === document.body) {
        const buttons = root.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [];
        const target = [...buttons].find((b) => b.dataset.event === pressed.current) ?? buttons[0] ?? root.current;
        target?.focus();
        if (changed) pressed.current = null;
      } else if (active.closest('.p-dialog')) {
        // A dialog of the action is open: wait for it (a while; a state change starts over).
        if (++frames < 600) frame = requestAnimationFrame(settle);
      } else if (!root.current?.contains(active)) pressed.current = null;
    };
    frame = requestAnimationFrame(settle);
    return () => cancelAnimationFrame(frame);
  }, [state, settledCount, root]);
  return { pressed: (event: string) => (pressed.current = event), settled: () => setSettled((n) => n + 1) };
}

/**
 * The buttons alone (a list row, a card): exactly the events the machine accepts in `state`.
 * `focusRoot`: where the focus goes back after an action (by default these buttons).
 */
export function WorkflowActions<M extends AnyStateMachine>(props: WorkflowProps<M> & { size?: 'small'; focusRoot?: RefObject<HTMLElement | null> }) {
  const available = useWorkflowActions(props);
  const [pending, setPending] = useState<string>();
  const own = useRef<HTMLDivElement>(null);
  const focus = useFocusStays(props.focusRoot ?? own, props.state);

  const run = async (action: WorkflowAction<EventFromLogic<M>>) => {
    focus.pressed(action.event.type);
    if (action.confirm && !(await confirmAction({ message: action.confirm.message, header: action.confirm.header ?? action.label, acceptLabel: action.label, danger: action.confirm.danger }))) return;
    setPending(action.event.type);
    try {
      await props.onEvent(action.event);
    } catch {
      /* the client has shown the error; the caller refetches */
    } finally {
      setPending(undefined);
      focus.settled();
    }
  };

  return (
    <div className="row workflow-actions" data-testid="workflow-actions" ref={own}>
      {available.map((action) => (
        <Button
          key={action.event.type}
          type="button"
          size={props.size}
          outlined={action.outlined ?? !action.severity}
          severity={action.severity}
          icon={action.icon}
          label={action.label}
          data-event={action.event.type}
          loading={pending === action.event.type}
          disabled={props.disabled || (pending !== undefined && pending !== action.event.type)}
          onClick={(e) => {
            e.stopPropagation();
            void run(action);
          }}
        />
      ))}
    </div>
  );
}

/** A record's workflow: where it is, the machine's steps, and the actions allowed now. */
export function WorkflowPanel<M extends AnyStateMachine>(props: WorkflowProps<M> & { title?: string }) {
  const { t } = useTranslation();
  const available = useWorkflowActions(props);
  // The states a record can rest in (a start that only chooses where to go is not a step).
  const steps = useMemo(() => [...new Set(restingStates(props.machine).map((s) => s.state.split('.')[0]))], [props.machine]);
  const current = props.state.split('.')[0];
  const label = props.stateLabel ?? ((s: string) => t(`status.${s.split('.').pop()}`, { defaultValue: s }));
  const section = useRef<HTMLElement>(null);

  return (
    <section className="card workflow-panel" aria-labelledby="workflow-title" data-testid="workflow-panel" data-state={props.state} ref={section} tabIndex={-1}>
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <h2 id="workflow-title" className="workflow-panel__title">
          {props.title ?? t('workflow.title')}
        </h2>
        <span className="row">
          <span className="muted">{t('workflow.current')}</span>
          {props.stateLabel ? <span className="status-tag status-tag--info">{label(props.state)}</span> : <StatusTag status={props.state.split('.').pop()!} />}
        </span>
      </div>
      <ol className="workflow-steps" aria-label={t('workflow.steps')}>
        {steps.map((step) => (
          <li key={step} className={step === current ? 'workflow-step workflow-step--current' : 'workflow-step'} aria-current={step === current ? 'step' : undefined}>
            {label(step)}
          </li>
        ))}
      </ol>
      <div role="group" aria-label={t('workflow.actions')}>
        <WorkflowActions {...props} focusRoot={section} />
        {available.length === 0 && <p className="muted" style={{ margin: 0 }}>{t('workflow.noActions')}</p>}
      </div>
    </section>
  );
}
