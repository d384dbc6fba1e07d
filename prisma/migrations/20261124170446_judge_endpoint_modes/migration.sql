-- CreateEnum
CREATE TYPE "JudgeOutputMode" AS ENUM ('JSON_SCHEMA', 'JSON_OBJECT', 'PROMPT_ONLY');

-- AlterEnum
ALTER TYPE "JudgeErrorClass" ADD VALUE 'TRUNCATED';

-- AlterTable
ALTER TABLE "judge_endpoints" ADD COLUMN     "connection_test" JSONB,
ADD COLUMN     "detected_output_mode" "JudgeOutputMode",
ADD COLUMN     "extra_headers" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "extra_query" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "max_tokens" INTEGER,
ADD COLUMN     "max_tokens_param" TEXT NOT NULL DEFAULT 'max_tokens',
ADD COLUMN     "output_mode" "JudgeOutputMode" DEFAULT 'JSON_SCHEMA',
ADD COLUMN     "retry_max_tokens" INTEGER;

-- AlterTable
ALTER TABLE "judge_runs" ADD COLUMN     "unknown_usage_calls" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "judge_run_endpoints" ADD COLUMN     "output_mode" "JudgeOutputMode" NOT NULL DEFAULT 'JSON_SCHEMA';

-- AlterTable
ALTER TABLE "judge_calls" ADD COLUMN     "finish_reason" TEXT,
ADD COLUMN     "output_mode" "JudgeOutputMode" NOT NULL DEFAULT 'JSON_SCHEMA',
ADD COLUMN     "reasoning" TEXT,
ADD COLUMN     "server_model" TEXT,
ALTER COLUMN "prompt_tokens" DROP NOT NULL,
ALTER COLUMN "completion_tokens" DROP NOT NULL,
ALTER COLUMN "cost_usd" DROP NOT NULL;
