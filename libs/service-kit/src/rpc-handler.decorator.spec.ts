import { defineRpc, type RpcEnvelope } from '@app/contracts';
import { createLogger } from '@app/logging';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, NatsContext, Payload, Server, type CustomTransportStrategy } from '@nestjs/microservices';
import { IsInt, IsOptional, IsString, MaxLength } from 'class-validator';
import { firstValueFrom, isObservable } from 'rxjs';
import { RpcErrorFilter } from './rpc-error.filter';
import { RpcHandler } from './rpc-handler.decorator';

class NoteBody {
  @IsString()
  @MaxLength(20)
  text!: string;

  @IsOptional()
  @IsInt()
  copies?: number;
}

interface NoteResult {
  text: string;
  copies: number;
  by: string;
  /** the handler got an instance of the payload class, not the plain JSON */
  isNoteBody: boolean;
}

const NotesRpc = {
  add: defineRpc<NoteBody, NoteResult>('orders', 'notes.add', NoteBody),
  subject: defineRpc<NoteBody, { subject: string; text: string }>('orders', 'notes.subject', NoteBody),
  count: defineRpc<null, { count: number }>('orders', 'notes.count', null),
};

const handled: string[] = [];

@Controller()
class NotesController {
  @RpcHandler(NotesRpc.add)
  add(@Payload() { actor, data }: RpcEnvelope<NoteBody>): NoteResult {
    handled.push(data.text);
    return { text: data.text.toUpperCase(), copies: data.copies ?? 1, by: actor.role, isNoteBody: data instanceof NoteBody };
  }

  @RpcHandler(NotesRpc.subject)
  subject(@Payload() { data }: RpcEnvelope<NoteBody>, @Ctx() ctx: NatsContext) {
    return { subject: ctx.getSubject(), text: data.text };
  }

  @RpcHandler(NotesRpc.count)
  count() {
    return { count: handled.length };
  }
}

/** Never registered: `npm run typecheck` fails when the decorator stops refusing these. */
export class NotAHandler {
  // @ts-expect-error the parameter does not take the definition's payload: it does not compile
  @RpcHandler(NotesRpc.add)
  add(@Payload() { data }: RpcEnvelope<{ title: string }>): NoteResult {
    return { text: data.title, copies: 1, by: '', isNoteBody: false };
  }

  // @ts-expect-error the result is not the definition's result: it does not compile
  @RpcHandler(NotesRpc.count)
  count(): { total: number } {
    return { total: 0 };
  }
}

/** Hands messages straight to the registered handlers, as the NATS server would. */
class InMemoryTransport extends Server implements CustomTransportStrategy {
  listen(callback: () => void): void {
    callback();
  }
  close(): void {}
  on(): void {}
  unwrap<T>(): T {
    return undefined as T;
  }

  async deliver(subject: string, message: unknown): Promise<unknown> {
    const handler = this.getHandlerByPattern(subject);
    if (!handler) throw new Error(`no handler for ${subject}`);
    const answer = await handler(message, new NatsContext([subject, undefined]));
    return isObservable(answer) ? firstValueFrom(answer) : answer;
  }
}

const actor = { userId: '00000000-0000-4000-8000-000000000001', role: 'Admin', permissions: [], requestId: 'r1' };

describe('@RpcHandler(def)', () => {
  let app: INestMicroservice;
  const transport = new InMemoryTransport();
  /** the answer, or the `{ status, message }` the service answers an error with */
  const call = (subject: string, message: unknown) => transport.deliver(subject, message).catch((err: unknown) => err);

  beforeAll(async () => {
    @Module({ controllers: [NotesController] })
    class NotesModule {}
    app = await NestFactory.createMicroservice(NotesModule, { strategy: transport, logger: false });
    app.useGlobalFilters(new RpcErrorFilter(createLogger('test', 'silent')));
    await app.listen();
  });

  afterAll(async () => {
    await app?.close();
  });

  beforeEach(() => {
    handled.length = 0;
  });

  it('hands the method the checked envelope: the actor and the data as an instance of the payload class', async () => {
    expect(await call(NotesRpc.add.subject, { actor, data: { text: 'front left', copies: 2 } })).toEqual({
      text: 'FRONT LEFT',
      copies: 2,
      by: 'Admin',
      isNoteBody: true,
    });
    expect(handled).toEqual(['front left']);
  });

  it.each([
    ['a field of the wrong type', { actor, data: { text: 5 } }, 'text must be shorter than or equal to 20 characters; text must be a string'],
    ['a field the class breaks', { actor, data: { text: 'x'.repeat(21) } }, 'text must be shorter than or equal to 20 characters'],
    ['a field the class does not declare', { actor, data: { text: 'rear', isAdmin: true } }, 'property isAdmin should not exist'],
    ['a NUL character', { actor, data: { text: 'rear\u0000' } }, 'text must not contain NUL characters'],
    ['data that is not an object', { actor, data: ['rear'] }, 'Malformed message: data must be an object'],
    ['no actor', { data: { text: 'rear' } }, 'Malformed message: expected { actor, data }'],
    ['an actor without a role', { actor: { ...actor, role: undefined }, data: { text: 'rear' } }, expect.stringMatching(/^actor: role must be one of/)],
  ])('answers 400 to %s, and the method does not run', async (_case, message, problem) => {
    expect(await call(NotesRpc.add.subject, message)).toEqual({ status: 400, message: problem });
    expect(handled).toEqual([]);
  });

  it('checks only the message: the NATS context of a @Ctx() parameter reaches the method as it is', async () => {
    expect(await call(NotesRpc.subject.subject, { actor, data: { text: 'side' } })).toEqual({ subject: 'orders.notes.subject', text: 'side' });
    expect(await call(NotesRpc.subject.subject, { actor, data: { text: 7 } })).toEqual({ status: 400, message: 'text must be shorter than or equal to 20 characters; text must be a string' });
  });

  it('checks the actor of a method that takes no parameter too', async () => {
    expect(await call(NotesRpc.count.subject, { actor, data: {} })).toEqual({ count: 0 });
    expect(await call(NotesRpc.count.subject, { data: {} })).toEqual({ status: 400, message: 'Malformed message: expected { actor, data }' });
  });
});
