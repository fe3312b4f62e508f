import { FormScreen } from '@statechart/forms';
import { ScreenHeading } from '@statechart/react';
import { Link, useMachineSelector, useSend } from '../routing';
import { recordFields, recordStrings } from '../recordForm';

export function View() {
  const record = useMachineSelector((s) => s.context.record);
  const savedId = useMachineSelector((s) => s.context.savedRecordId);
  const phase = useMachineSelector((s) => {
    const at = (state: 'saved' | 'failed' | 'savedBefore' | 'changeFailed' | 'submitting' | 'changing') =>
      s.matches({ app: { main: { newRecord: state } } });
    if (at('saved')) return 'saved';
    // "Saved already" and a failed change show as a failure, each with its own choices.
    if (at('failed') || at('savedBefore') || at('changeFailed')) return 'failed';
    return at('submitting') || at('changing') ? 'submitting' : 'editing';
  });
  const send = useSend();
  return (
    <FormScreen
      heading={<ScreenHeading>{recordStrings.title}</ScreenHeading>}
      form={record}
      fields={recordFields}
      phase={phase}
      words={recordStrings}
      hints={recordStrings.hints}
      idPrefix="record"
      savedLink={
        savedId === undefined ? null : (
          <Link to="#recordDetail" params={{ id: savedId }}>
            {recordStrings.openSaved(savedId)}
          </Link>
        )
      }
      on={{
        change: (field, value) => send({ type: 'record.change', field, value }),
        submit: () => send({ type: 'record.submit' }),
        retry: () => send({ type: 'record.retry' }),
        edit: () => send({ type: 'record.edit' }),
        saveAsNew: () => send({ type: 'record.saveAsNew' }),
        // Only with the saved record's id (the machine's guard says the same): a change to it.
        saveAsChange: savedId === undefined ? undefined : () => send({ type: 'record.saveAsChange' }),
        discard: () => send({ type: 'record.discard' }),
        another: () => send({ type: 'record.new' }),
        keepOwn: () => send({ type: 'record.keepOwn' }),
        takeOther: () => send({ type: 'record.takeOther' }),
      }}
      control={(field, props, value, change) =>
        field === 'quantity' ? (
          <input
            {...props}
            className="input input--short"
            type="text"
            inputMode="numeric"
            value={value}
            onChange={(event) => change(event.target.value)}
          />
        ) : field === 'category' ? (
          <select {...props} className="select" value={value} onChange={(event) => change(event.target.value)}>
            {Object.entries(recordStrings.options).map(([option, label]) => (
              <option key={option} value={option}>
                {label}
              </option>
            ))}
          </select>
        ) : undefined
      }
    />
  );
}
