import { FormScreen } from '@statechart/forms';
import { ScreenHeading } from '@statechart/react';
import { Link, useMachineSelector, useSend } from '../routing';
import { recordFields, recordStrings } from '../recordForm';

export function View() {
  const record = useMachineSelector((s) => s.context.record);
  const savedId = useMachineSelector((s) => s.context.savedRecordId);
  const phase = useMachineSelector((s) =>
    s.matches({ app: { main: { newRecord: 'saved' } } })
      ? 'saved'
      : s.matches({ app: { main: { newRecord: 'failed' } } }) ||
          s.matches({ app: { main: { newRecord: 'savedBefore' } } })
        ? 'failed'
        : s.matches({ app: { main: { newRecord: 'submitting' } } })
          ? 'submitting'
          : 'editing',
  );
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
