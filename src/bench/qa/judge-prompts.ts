/**
 * The published judge prompts, verbatim:
 * - LoCoMo: the LLM-judge prompt of mem0's LoCoMo evaluation (`ACCURACY_PROMPT`, evaluation/metrics/llm_judge.py),
 *   the one behind the published LoCoMo J scores of mem0, Zep and others. LoCoMo itself scores only F1.
 * - LongMemEval: `get_anscheck_prompt` of its evaluation (src/evaluation/evaluate_qa.py), one template per
 *   question type plus the abstention template, decided by `'yes' in response.lower()`.
 * LoCoMo's adversarial questions and BEAM's abstention probes are judged with LongMemEval's abstention
 * template; other BEAM questions with its default template (instruction and preference probes with its
 * rubric template).
 */
import type { QaFormat, QaQuestion } from './types.js';

export const LOCOMO_JUDGE_SYSTEM = 'You are an expert grader that determines if answers to questions match a gold standard answer';

export const LOCOMO_JUDGE = `Your task is to label an answer to a question as 'CORRECT' or 'WRONG'. You will be given the following data:
    (1) a question (posed by one user to another user), 
    (2) a 'gold' (ground truth) answer, 
    (3) a generated answer
which you will score as CORRECT/WRONG.

The point of the question is to ask about something one user should know about the other user based on their prior conversations.
The gold answer will usually be a concise and short answer that includes the referenced topic, for example:
Question: Do you remember what I got the last time I went to Hawaii?
Gold answer: A shell necklace
The generated answer might be much longer, but you should be generous with your grading - as long as it touches on the same topic as the gold answer, it should be counted as CORRECT. 

For time related questions, the gold answer will be a specific date, month, year, etc. The generated answer might be much longer or use relative time references (like "last Tuesday" or "next month"), but you should be generous with your grading - as long as it refers to the same date or time period as the gold answer, it should be counted as CORRECT. Even if the format differs (e.g., "May 7th" vs "7 May"), consider it CORRECT if it's the same date.

Now it's time for the real question:
Question: {question}
Gold answer: {gold_answer}
Generated answer: {generated_answer}

First, provide a short (one sentence) explanation of your reasoning, then finish with CORRECT or WRONG. 
Do NOT include both CORRECT and WRONG in your response, or it will break the evaluation script.

Just return the label CORRECT or WRONG in a json format with the key as "label".`;

const LME_HEAD = 'I will give you a question, a correct answer, and a response from a model. Please answer yes if the response contains the correct answer. Otherwise, answer no.';
const LME_DEFAULT = `${LME_HEAD} If the response is equivalent to the correct answer or contains all the intermediate steps to get the correct answer, you should also answer yes. If the response only contains a subset of the information required by the answer, answer no. `;
const LME_TEMPORAL = `${LME_DEFAULT}In addition, do not penalize off-by-one errors for the number of days. If the question asks for the number of days/weeks/months, etc., and the model makes off-by-one errors (e.g., predicting 19 days when the answer is 18), the model's response is still correct. `;
const LME_UPDATE = `${LME_HEAD} If the response contains some previous information along with an updated answer, the response should be considered as correct as long as the updated answer is the required answer.`;
const LME_PREFERENCE = "I will give you a question, a rubric for desired personalized response, and a response from a model. Please answer yes if the response satisfies the desired response. Otherwise, answer no. The model does not need to reflect all the points in the rubric. The response is correct as long as it recalls and utilizes the user's personal information correctly.";
const LME_ABSTENTION = 'I will give you an unanswerable question, an explanation, and a response from a model. Please answer yes if the model correctly identifies the question as unanswerable. The model could say that the information is incomplete, or some other information is given but the asked information is not.';

const lmeCheck = (head: string, q: string, a: string, r: string) =>
  `${head}\n\nQuestion: ${q}\n\nCorrect Answer: ${a}\n\nModel Response: ${r}\n\nIs the model response correct? Answer yes or no only.`;

function longMemEvalPrompt(task: string, q: string, a: string, r: string, abstention: boolean): string {
  if (abstention) {
    return `${LME_ABSTENTION}\n\nQuestion: ${q}\n\nExplanation: ${a}\n\nModel Response: ${r}\n\nDoes the model correctly identify the question as unanswerable? Answer yes or no only.`;
  }
  if (task === 'single-session-preference' || task === 'preference_following' || task === 'instruction_following') {
    return `${LME_PREFERENCE}\n\nQuestion: ${q}\n\nRubric: ${a}\n\nModel Response: ${r}\n\nIs the model response correct? Answer yes or no only.`;
  }
  if (task === 'temporal-reasoning') return lmeCheck(LME_TEMPORAL, q, a, r);
  if (task === 'knowledge-update') return lmeCheck(LME_UPDATE, q, a, r);
  return lmeCheck(LME_DEFAULT, q, a, r);
}

export type JudgeStyle = 'locomo' | 'longmemeval';

export interface JudgeRequest {
  style: JudgeStyle;
  system: string;
  prompt: string;
}

export function judgeRequest(format: QaFormat, q: QaQuestion, response: string): JudgeRequest {
  if (format === 'locomo' && !q.abstain) {
    const fields: Record<string, string> = { question: q.question, gold_answer: q.answer, generated_answer: response };
    const prompt = LOCOMO_JUDGE.replace(/\{(question|gold_answer|generated_answer)\}/g, (_, name: string) => fields[name]!);
    return { style: 'locomo', system: LOCOMO_JUDGE_SYSTEM, prompt };
  }
  return { style: 'longmemeval', system: '', prompt: longMemEvalPrompt(q.category, q.question, q.answer, response, q.abstain) };
}

/** LoCoMo: the JSON label (or the one label word present); LongMemEval: `'yes' in response.lower()`. */
export function parseVerdict(style: JudgeStyle, text: string): boolean {
  if (style === 'longmemeval') return text.toLowerCase().includes('yes');
  const label = /"label"\s*:\s*"(CORRECT|WRONG)"/i.exec(text)?.[1];
  if (label) return label.toUpperCase() === 'CORRECT';
  const upper = text.toUpperCase();
  return upper.includes('CORRECT') && !upper.includes('WRONG');
}
