/* plot-fixtures-data.c — generated once from data/catalog hardware.json and models.json (values in SI)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The plot tests, the gallery and the benchmark must not depend on the
 * catalog library (src/plot does not), so they carry these figures.
 */
#include "plot-fixtures.h"

const PlotFixtureDevice plot_fixture_catalog[] = {
  { "nvidia-v100-sxm2-32gb", "NVIDIA V100 SXM2 (32 GB)", "NVIDIA", 2017, { 0, 1.57e+13, 0, 0, 1.25e+14, 0, 6.28e+13, 0, 0 }, 9e+11, 3.2e+10, 1, { { "L2", 6e+06, 0 } }, 1.5e+11, 1e-06, false, 0, 1, 1 },
  { "nvidia-a100-sxm-40gb", "NVIDIA A100 SXM4 40 GB", "NVIDIA", 2020, { 0, 1.95e+13, 1.56e+14, 3.12e+14, 3.12e+14, 0, 6.24e+14, 0, 0 }, 1.555e+12, 4e+10, 1, { { "L2", 4e+07, 0 } }, 3e+11, 1e-06, true, 4.1, 1, 1 },
  { "nvidia-a100-sxm-80gb", "NVIDIA A100 SXM4 80 GB", "NVIDIA", 2020, { 0, 1.95e+13, 1.56e+14, 3.12e+14, 3.12e+14, 0, 6.24e+14, 0, 0 }, 2.039e+12, 8e+10, 1, { { "L2", 4e+07, 0 } }, 3e+11, 1e-06, true, 1.39, 1, 1 },
  { "nvidia-a100-pcie-80gb", "NVIDIA A100 PCIe 80 GB", "NVIDIA", 2021, { 0, 1.95e+13, 1.56e+14, 3.12e+14, 3.12e+14, 0, 6.24e+14, 0, 0 }, 1.935e+12, 8e+10, 1, { { "L2", 4e+07, 0 } }, 3e+11, 1e-06, true, 1.19, 1, 1 },
  { "nvidia-h100-sxm", "NVIDIA H100 SXM5 80 GB", "NVIDIA", 2022, { 0, 6.69e+13, 4.947e+14, 9.894e+14, 9.894e+14, 1.9789e+15, 1.9789e+15, 0, 0 }, 3.35e+12, 8e+10, 1, { { "L2", 5e+07, 5.5e+12 } }, 4.5e+11, 1e-06, true, 2.69, 1, 1 },
  { "nvidia-h100-pcie", "NVIDIA H100 PCIe 80 GB", "NVIDIA", 2022, { 0, 5.1e+13, 3.78e+14, 7.56e+14, 7.56e+14, 1.513e+15, 1.513e+15, 0, 0 }, 2e+12, 8e+10, 1, { { "L2", 5e+07, 0 } }, 3e+11, 1e-06, true, 2.79, 1, 1 },
  { "nvidia-h100-nvl", "NVIDIA H100 NVL 94 GB (per GPU)", "NVIDIA", 2023, { 0, 6e+13, 4.175e+14, 8.355e+14, 8.355e+14, 1.6705e+15, 1.6705e+15, 0, 0 }, 3.9e+12, 9.4e+10, 1, { { "L2", 5e+07, 0 } }, 3e+11, 1e-06, true, 3.07, 1, 1 },
  { "nvidia-h200-sxm", "NVIDIA H200 SXM 141 GB", "NVIDIA", 2024, { 0, 6.69e+13, 4.947e+14, 9.894e+14, 9.894e+14, 1.9789e+15, 1.9789e+15, 0, 0 }, 4.8e+12, 1.41e+11, 1, { { "L2", 5e+07, 0 } }, 4.5e+11, 1e-06, true, 5.408, 1, 1 },
  { "nvidia-b200", "NVIDIA B200 (HGX, 1,000 W)", "NVIDIA", 2024, { 0, 8e+13, 1.1e+15, 2.25e+15, 2.25e+15, 4.5e+15, 4.5e+15, 0, 9e+15 }, 8e+12, 1.8e+11, 1, { { "L2", 1.26e+08, 0 } }, 9e+11, 1e-06, true, 5.98, 1, 1 },
  { "nvidia-gb200-per-gpu", "NVIDIA GB200 (per Blackwell GPU, NVL72, 1,200 W)", "NVIDIA", 2024, { 0, 8e+13, 1.25e+15, 2.5e+15, 2.5e+15, 5e+15, 5e+15, 0, 1e+16 }, 8e+12, 1.86e+11, 1, { { "L2", 1.26e+08, 0 } }, 9e+11, 1e-06, false, 0, 1, 1 },
  { "nvidia-b300", "NVIDIA B300 / Blackwell Ultra (HGX)", "NVIDIA", 2025, { 0, 7.5e+13, 1.1e+15, 2.25e+15, 2.25e+15, 4.5e+15, 1.5e+14, 0, 1.35e+16 }, 8e+12, 2.88e+11, 0, { { 0 } }, 9e+11, 1e-06, false, 0, 1, 1 },
  { "nvidia-l4", "NVIDIA L4", "NVIDIA", 2023, { 0, 3.03e+13, 6e+13, 1.21e+14, 1.21e+14, 2.425e+14, 2.425e+14, 0, 0 }, 3e+11, 2.4e+10, 1, { { "L2", 4.8e+07, 0 } }, 0, 0, true, 0.44, 1, 1 },
  { "nvidia-l40s", "NVIDIA L40S", "NVIDIA", 2023, { 0, 9.16e+13, 1.83e+14, 3.6205e+14, 3.6205e+14, 7.33e+14, 7.33e+14, 0, 0 }, 8.64e+11, 4.8e+10, 1, { { "L2", 9.6e+07, 0 } }, 0, 0, true, 0.79, 1, 1 },
  { "nvidia-a10g", "NVIDIA A10G (AWS G5)", "NVIDIA", 2021, { 0, 3.12e+13, 0, 7e+13, 7e+13, 0, 1.4e+14, 0, 0 }, 6e+11, 2.4e+10, 1, { { "L2", 6e+06, 0 } }, 0, 0, true, 1.006, 1, 1 },
  { "nvidia-rtx-4090", "NVIDIA GeForce RTX 4090", "NVIDIA", 2022, { 0, 8.26e+13, 8.26e+13, 1.652e+14, 1.652e+14, 3.303e+14, 6.606e+14, 0, 0 }, 1.008e+12, 2.4e+10, 1, { { "L2", 7.2e+07, 0 } }, 0, 0, true, 0.34, 1, 1 },
  { "nvidia-rtx-5090", "NVIDIA GeForce RTX 5090", "NVIDIA", 2025, { 0, 1.048e+14, 1.048e+14, 2.095e+14, 2.095e+14, 4.19e+14, 8.38e+14, 0, 1.676e+15 }, 1.792e+12, 3.2e+10, 1, { { "L2", 9.6e+07, 0 } }, 0, 0, true, 0.69, 1, 1 },
  { "amd-mi250x", "AMD Instinct MI250X", "AMD", 2021, { 0, 4.79e+13, 0, 3.83e+14, 3.83e+14, 0, 3.83e+14, 0, 0 }, 3.277e+12, 1.28e+11, 1, { { "L2", 1.6e+07, 0 } }, 4e+11, 1e-06, true, 1.35, 1, 1 },
  { "amd-mi300x", "AMD Instinct MI300X", "AMD", 2023, { 0, 1.634e+14, 6.537e+14, 1.3074e+15, 1.3074e+15, 2.6149e+15, 2.6149e+15, 0, 0 }, 5.3e+12, 1.92e+11, 1, { { "Infinity Cache", 2.56e+08, 1.72e+13 } }, 4.48e+11, 1e-06, true, 1.71, 1, 1 },
  { "amd-mi325x", "AMD Instinct MI325X", "AMD", 2024, { 0, 1.634e+14, 6.537e+14, 1.3074e+15, 1.3074e+15, 2.6149e+15, 2.6149e+15, 0, 0 }, 6e+12, 2.56e+11, 1, { { "Infinity Cache", 2.56e+08, 0 } }, 4.48e+11, 1e-06, true, 2, 1, 1 },
  { "amd-mi355x", "AMD Instinct MI355X", "AMD", 2025, { 0, 1.573e+14, 0, 2.5e+15, 2.5e+15, 5e+15, 5e+15, 0, 1e+16 }, 8e+12, 2.88e+11, 1, { { "Infinity Cache", 2.56e+08, 0 } }, 5.375e+11, 1e-06, false, 0, 1, 1 },
  { "google-tpu-v4", "Google TPU v4", "Google", 2021, { 0, 0, 0, 2.75e+14, 0, 0, 2.75e+14, 0, 0 }, 1.2e+12, 3.44e+10, 0, { { 0 } }, 2.7e+11, 1e-06, false, 0, 1, 1 },
  { "google-tpu-v5e", "Google TPU v5e", "Google", 2023, { 0, 0, 0, 1.97e+14, 0, 0, 3.94e+14, 0, 0 }, 8.19e+11, 1.6e+10, 1, { { "VMEM", 1.342e+08, 0 } }, 2e+11, 1e-06, false, 0, 1, 1 },
  { "google-tpu-v5p", "Google TPU v5p", "Google", 2023, { 0, 0, 0, 4.59e+14, 0, 4.59e+14, 9.18e+14, 0, 0 }, 2.765e+12, 9.5e+10, 0, { { 0 } }, 6e+11, 1e-06, true, 4, 1, 1 },
  { "google-tpu-v6e", "Google TPU v6e (Trillium)", "Google", 2024, { 0, 0, 0, 9.18e+14, 0, 0, 1.836e+15, 0, 0 }, 1.638e+12, 3.2e+10, 0, { { 0 } }, 4e+11, 1e-06, true, 2.7, 1, 1 },
  { "intel-gaudi2", "Intel Gaudi 2 (HL-225)", "Intel (Habana)", 2022, { 0, 0, 0, 4.32e+14, 0, 8.65e+14, 0, 0, 0 }, 2.46e+12, 9.6e+10, 1, { { "SRAM", 4.8e+07, 0 } }, 3e+11, 1e-06, false, 0, 1, 1 },
  { "intel-gaudi3", "Intel Gaudi 3 (HL-325L OAM)", "Intel (Habana)", 2024, { 0, 0, 0, 1.835e+15, 0, 1.835e+15, 0, 0, 0 }, 3.67e+12, 1.28e+11, 1, { { "SRAM", 9.6e+07, 1.28e+13 } }, 6e+11, 1e-06, false, 0, 1, 1 },
  { "apple-m2-ultra", "Apple M2 Ultra (76-core GPU)", "Apple", 2023, { 0, 2.72e+13, 0, 0, 2.72e+13, 0, 0, 0, 0 }, 8e+11, 1.92e+11, 0, { { 0 } }, 0, 0, false, 0, 1, 1 },
  { "apple-m3-max", "Apple M3 Max (16-CPU / 40-core GPU)", "Apple", 2023, { 0, 1.43e+13, 0, 0, 1.43e+13, 0, 0, 0, 0 }, 4e+11, 1.28e+11, 0, { { 0 } }, 0, 0, false, 0, 1, 1 },
  { "apple-m4-max", "Apple M4 Max (16-CPU / 40-core GPU)", "Apple", 2024, { 0, 1.72e+13, 0, 0, 1.72e+13, 0, 0, 0, 0 }, 5.46e+11, 1.28e+11, 0, { { 0 } }, 0, 0, false, 0, 1, 1 },
  { "groq-lpu-v1", "Groq LPU (GroqChip 1)", "Groq", 2020, { 0, 0, 0, 0, 1.88e+14, 0, 7.5e+14, 0, 0 }, 8e+13, 2.3e+08, 1, { { "SRAM", 2.3e+08, 8e+13 } }, 0, 0, false, 0, 1, 1 },
  { "cerebras-wse-3", "Cerebras WSE-3 (CS-3)", "Cerebras", 2024, { 0, 0, 0, 0, 0, 0, 0, 0, 0 }, 2.1e+16, 4.4e+10, 1, { { "SRAM", 4.4e+10, 2.1e+16 } }, 0, 0, false, 0, 1, 1 },
};
const int plot_fixture_n_catalog = G_N_ELEMENTS (plot_fixture_catalog);

const PlotFixtureModel plot_fixture_models[] = {
  { "llama-2-7b", "Llama-2-7B", false, 32, 4096, 32, 32, 128, 11008, true, 32000, false, false, "mha", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6.74e+09, 0, 0, 0, 0, 4096 },
  { "llama-2-70b", "Llama-2-70B", false, 80, 8192, 64, 8, 128, 28672, true, 32000, false, false, "gqa", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6.898e+10, 0, 0, 0, 0, 4096 },
  { "llama-3.1-8b", "Llama-3.1-8B", false, 32, 4096, 32, 8, 128, 14336, true, 128256, false, false, "gqa", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8.03e+09, 0, 0, 0, 0, 131072 },
  { "llama-3.1-70b", "Llama-3.1-70B", false, 80, 8192, 64, 8, 128, 28672, true, 128256, false, false, "gqa", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7.055e+10, 0, 0, 0, 0, 131072 },
  { "llama-3.1-405b", "Llama-3.1-405B", false, 126, 16384, 128, 8, 128, 53248, true, 128256, false, false, "gqa", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4.0585e+11, 0, 0, 0, 0, 131072 },
  { "mistral-7b-v0.1", "Mistral-7B (v0.1)", false, 32, 4096, 32, 8, 128, 14336, true, 32000, false, false, "gqa", 4096, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7.24e+09, 0, 0, 0, 0, 32768 },
  { "mixtral-8x7b", "Mixtral-8x7B (v0.1)", false, 32, 4096, 32, 8, 128, 0, true, 32000, false, false, "gqa", 0, 0, 0, 0, 0, 0, 8, 2, 0, 14336, 0, 4.67e+10, 1.29e+10, 0, 0, 0, 32768 },
  { "mixtral-8x22b", "Mixtral-8x22B (v0.1)", false, 56, 6144, 48, 8, 128, 0, true, 32000, false, false, "gqa", 0, 0, 0, 0, 0, 0, 8, 2, 0, 16384, 0, 1.41e+11, 3.9e+10, 0, 0, 0, 65536 },
  { "deepseek-v3", "DeepSeek-V3 (671B / 37B active)", false, 61, 7168, 128, 128, 192, 18432, true, 129280, false, false, "mla", 0, 0, 512, 64, 1536, 128, 256, 8, 1, 2048, 3, 6.71e+11, 3.7e+10, 0, 0, 0, 131072 },
  { "qwen2.5-7b", "Qwen2.5-7B", false, 28, 3584, 28, 4, 128, 18944, true, 152064, false, true, "gqa", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7.61e+09, 0, 0, 0, 0, 131072 },
  { "qwen2.5-72b", "Qwen2.5-72B", false, 80, 8192, 64, 8, 128, 29568, true, 152064, false, true, "gqa", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7.27e+10, 0, 0, 0, 0, 131072 },
  { "qwen3-30b-a3b", "Qwen3-30B-A3B", false, 48, 2048, 32, 4, 128, 0, true, 151936, false, false, "gqa", 0, 0, 0, 0, 0, 0, 128, 8, 0, 768, 0, 3.05e+10, 3.3e+09, 0, 0, 0, 40960 },
  { "qwen3-235b-a22b", "Qwen3-235B-A22B", false, 94, 4096, 64, 4, 128, 0, true, 151936, false, false, "gqa", 0, 0, 0, 0, 0, 0, 128, 8, 0, 1536, 0, 2.35e+11, 2.2e+10, 0, 0, 0, 40960 },
  { "gemma-2-9b", "Gemma-2-9B", false, 42, 3584, 16, 8, 256, 14336, true, 256000, true, false, "gqa", 4096, 21, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9.24e+09, 0, 0, 0, 0, 8192 },
  { "gemma-2-27b", "Gemma-2-27B", false, 46, 4608, 32, 16, 128, 36864, true, 256000, true, false, "gqa", 4096, 23, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2.723e+10, 0, 0, 0, 0, 8192 },
  { "gpt-3-175b", "GPT-3 175B (davinci)", false, 96, 12288, 96, 96, 128, 49152, false, 50257, true, false, "mha", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1.75e+11, 0, 0, 0, 0, 2048 },
  { "gpt-oss-20b", "gpt-oss-20b", false, 24, 2880, 64, 8, 64, 0, true, 201088, false, true, "gqa", 128, 12, 0, 0, 0, 0, 32, 4, 0, 2880, 0, 2.09e+10, 0, 0, 0, 0, 131072 },
  { "gpt-oss-120b", "gpt-oss-120b", false, 36, 2880, 64, 8, 64, 0, true, 201088, false, true, "gqa", 128, 18, 0, 0, 0, 0, 128, 4, 0, 2880, 0, 1.168e+11, 0, 0, 0, 0, 131072 },
  { "phi-3-mini-4k", "Phi-3-mini-4k (3.8B)", false, 32, 3072, 32, 32, 96, 8192, true, 32064, false, false, "mha", 2047, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3.82e+09, 0, 0, 0, 0, 4096 },
  { "resnet-50", "ResNet-50 (torchvision v1.5)", true, 0, 0, 0, 0, 0, 0, false, 0, false, false, "mha", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8.18e+09, 5.68e+07, 2.556e+07, 0 },
  { "bert-base", "BERT-base (uncased)", true, 0, 0, 0, 0, 0, 0, false, 0, false, false, "mha", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2.235e+10, 7.57e+07, 1.1e+08, 512 },
  { "bert-large", "BERT-large (uncased)", true, 0, 0, 0, 0, 0, 0, false, 0, false, false, "mha", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7.892e+10, 2.02e+08, 3.4e+08, 512 },
  { "vit-b-16", "ViT-B/16 (224x224)", true, 0, 0, 0, 0, 0, 0, false, 0, false, false, "mha", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3.512e+10, 1.25e+08, 8.657e+07, 0 },
};
const int plot_fixture_n_models = G_N_ELEMENTS (plot_fixture_models);
