import { QA_TASK_ROLES, QA_TASK_TAG_CATEGORY, type QaTaskRole } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EventsRepository, type EventUser } from '../events/events.repository';
import type { Order } from '../orders/order.entity';
import { TagAssignmentsRepository } from '../tags/tag-assignments.repository';
import { QaTasksRepository, type QaTask } from './qa-tasks.repository';

/**
 * What other changes of an order do to its QA tasks, in the caller's transaction (the caller
 * saves the order): an approval, a re-edit sending the order back to QA, or a release closes
 * tasks and takes their tags off (the order shows as unassigned again); a coordinator's send
 * back marks the editor's task REJECTED, so it is back in that editor's own list.
 */
@Injectable()
export class QaTaskChanges {
  constructor(
    private readonly tasks: QaTasksRepository,
    private readonly tags: TagAssignmentsRepository,
    private readonly events: EventsRepository,
  ) {}

  /** Closes the order's open tasks (of one role, or all) and takes their tags off; answers those closed. */
  async close(m: EntityManager, o: Order, role?: QaTaskRole): Promise<QaTask[]> {
    const roles = role ? [role] : [...QA_TASK_ROLES];
    const closed = await this.tasks.close(m, o.id, role);
    await this.tags.removeOfCategories(m, o.id, roles.map((r) => QA_TASK_TAG_CATEGORY[r]));
    if (roles.includes('editor')) {
      o.assignedEditorId = null;
      o.assignedEditorName = null;
    }
    return closed;
  }

  /** The coordinator sent the order back: the editor's open task is REJECTED (QA_TASK_UPDATED on the timeline). */
  async sendBack(m: EntityManager, o: Order, by: EventUser): Promise<void> {
    const editor = await this.tasks.open(m, o.id, 'editor');
    if (!editor || editor.state === 'REJECTED') return;
    await this.tasks.setState(m, editor.id, 'REJECTED');
    await this.events.append(m, o, 'QA_TASK_UPDATED', { role: QA_TASK_TAG_CATEGORY.editor, state: 'REJECTED', from: editor.state, userName: editor.userName }, by);
  }
}
